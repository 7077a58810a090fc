import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input-styles';

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
  className,
  ...props
}: PasswordInputProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const toggleLabel = isVisible ? t('password.hide') : t('password.show');
  return (
    <FormField label={label} error={error} describedBy={describedBy} id={id} className={className}>
      {(control) => (
        <div className="relative mt-1.5">
          <input
            type={isVisible ? 'text' : 'password'}
            className={`${inputClasses} pr-11`}
            {...control}
            {...props}
          />
          <button
            type="button"
            onClick={() => setIsVisible((visible) => !visible)}
            aria-label={toggleLabel}
            title={toggleLabel}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-neutral-600 hover:text-neutral-900 dark:text-neutral-400 dark:hover:text-white"
          >
            {isVisible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FormField>
  );
}
