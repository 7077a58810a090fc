import { useMemo } from 'react';
import { localeFormat, type LocaleFormat } from './locale-format';
import { useLocale } from './use-locale';

/**
 * The locale formatting helpers (./locale-format.ts) for the interface's locale; the component
 * re-renders with new ones when the user changes their locale (useTranslation follows i18next).
 */
export function useFormat(): LocaleFormat {
  const locale = useLocale();
  return useMemo(() => localeFormat(locale), [locale]);
}
