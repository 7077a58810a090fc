import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './FormField';
import { inputClasses } from './input-styles';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
  /** Shown under the input: a short help. */
  hint?: ReactNode;
};

/** A labelled input with its error message wired to it for assistive technology. */
export function TextField({ label, error, hint, id, className, ...props }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input className={`${inputClasses} mt-1.5`} {...control} {...props} />}
    </FormField>
  );
}
