import { useId, type ReactNode } from 'react';
import { fieldErrorClasses, labelClasses } from './input-styles';

/** What the control needs to be named by the label and described by the error. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  error?: string;
  /** Under the control, before the error: a short help or an action (a button adding an option). */
  hint?: ReactNode;
  /** Ids of further descriptions of the control, elsewhere on the page (a checklist). */
  describedBy?: string;
  /** The control's id; one is made up otherwise. */
  id?: string;
  className?: string;
  /** Renders the control (input, select, text area, or a group around one) with these props. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A form field: its label, the control, then a hint and the error message, with the ids that tie
 * them together for assistive technology.
 */
export function FormField({
  label,
  error,
  hint,
  describedBy,
  id,
  className = '',
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const descriptions = [error ? errorId : null, describedBy].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={controlId} className={labelClasses}>
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': descriptions || undefined,
      })}
      {hint}
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
