import type { ComponentProps, ReactNode } from 'react';
import { FormField } from './FormField';
import { inputClasses } from './input-styles';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string;
  /** Shown under the select (e.g. a button that adds an option). */
  hint?: ReactNode;
};

/** A labelled select with its error message wired to it for assistive technology. */
export function SelectField({ label, error, hint, id, className, ...props }: SelectFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <select className={`${inputClasses} mt-1.5`} {...control} {...props} />}
    </FormField>
  );
}
