import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './FormField';
import { inputClasses } from './input-styles';

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled text area with its error message wired to it for assistive technology. */
export function TextAreaField({ label, error, hint, id, className, ...props }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea className={`${inputClasses} mt-1.5 resize-y`} {...control} {...props} />
      )}
    </FormField>
  );
}
