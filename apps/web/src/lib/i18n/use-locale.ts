import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from '@moneta/shared/locales';
import { useTranslation } from 'react-i18next';

/**
 * The interface's locale; the component re-renders when the user changes it (useTranslation
 * follows i18next). For a component that needs one writer rather than all of useFormat's, which
 * bring every writer and the currency tables into its chunk: the landing page's preview writes
 * one number.
 */
export function useLocale(): SupportedLocale {
  const { i18n } = useTranslation();
  return isSupportedLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}
