import { useId, type ComponentProps } from 'react';
import { fieldErrorClasses, inputClasses, labelClasses } from './input-styles';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string;
};

/** A labelled input with its error message wired to it for assistive technology. */
export function TextField({ label, error, id, className = '', ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <input
        id={inputId}
        className={`${inputClasses} mt-1.5`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
