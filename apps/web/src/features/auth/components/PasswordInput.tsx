import { useId, useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { fieldErrorClasses, inputClasses, labelClasses } from '@/components/ui/input-styles';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  error?: string;
  /** Ids of further descriptions, such as the requirement checklist. */
  describedBy?: string;
};

/** A password field whose content can be shown and hidden again. */
export function PasswordInput({
  label,
  error,
  describedBy,
  id,
  className = '',
  ...props
}: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const descriptions = [error ? errorId : null, describedBy ?? null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClasses}>
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          className={`${inputClasses} pr-11`}
          aria-invalid={error ? true : undefined}
          aria-describedby={descriptions || undefined}
          {...props}
        />
        <button
          type="button"
          onClick={() => setIsVisible((visible) => !visible)}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          title={isVisible ? 'Hide password' : 'Show password'}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white"
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error ? (
        <p id={errorId} className={fieldErrorClasses}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
