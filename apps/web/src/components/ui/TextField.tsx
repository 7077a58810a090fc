import type { ComponentProps } from 'react';
import { FormField } from './FormField';
import { inputClasses } from './input-styles';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
};

/** A labelled input with its error message wired to it for assistive technology. */
export function TextField({ label, error, id, className, ...props }: TextFieldProps) {
  return (
    <FormField label={label} error={error} id={id} className={className}>
      {(control) => <input className={`${inputClasses} mt-1.5`} {...control} {...props} />}
    </FormField>
  );
}
