import { DEFAULT_LOCALE, isSupportedLocale } from '@moneta/shared/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeFormat, type LocaleFormat } from './locale-format';

/**
 * The locale formatting helpers (./locale-format.ts) for the interface's locale; the component
 * re-renders with new ones when the user changes their locale (useTranslation follows i18next).
 */
export function useFormat(): LocaleFormat {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => localeFormat(isSupportedLocale(language) ? language : DEFAULT_LOCALE),
    [language],
  );
}
