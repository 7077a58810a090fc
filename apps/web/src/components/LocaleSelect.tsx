import { LOCALE_NAMES, SUPPORTED_LOCALES, type SupportedLocale } from '@moneta/shared/locales';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClasses, labelClasses } from '@/components/ui/input-styles';

/** The interface language and formats (docs/i18n.md), at setup and in Settings. */
export function LocaleSelect({
  value,
  onChange,
  isBusy = false,
  className = '',
}: {
  value: SupportedLocale;
  onChange: (locale: SupportedLocale) => void;
  isBusy?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {t('locale.label')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as SupportedLocale)}
        disabled={isBusy}
        aria-busy={isBusy}
        aria-describedby={`${id}-hint`}
        className={`${inputClasses} mt-1.5`}
      >
        {SUPPORTED_LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
        {t('locale.hint')}
      </p>
    </div>
  );
}
