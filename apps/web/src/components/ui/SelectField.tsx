import { useId, type ComponentProps, type ReactNode } from 'react';
import { fieldErrorClasses, inputClasses, labelClasses } from './input-styles';

type SelectFieldProps = ComponentProps<'select'> & {
  label: string;
  error?: string;
  /** Shown under the select (e.g. a button that adds an option). */
  hint?: ReactNode;
};

/** A labelled select with its error message wired to it for assistive technology. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className = '',
  children,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <label htmlFor={selectId} className={labelClasses}>
        {label}
      </label>
      <select
        id={selectId}
        className={`${inputClasses} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      >
        {children}
      </select>
      {hint}
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
