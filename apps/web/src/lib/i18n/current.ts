import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from '@moneta/shared/locales';
import { getI18n } from 'react-i18next';

/**
 * What code outside components reads of the running i18next instance, without importing i18next
 * itself: ./i18n.ts (i18next and the messages) is loaded beside the first page's code, not in the
 * entry chunk (docs/decisions.md, "Languages and formats"), and hands its instance to
 * react-i18next when it starts. Before that there is none, and English is assumed.
 */
export function currentI18n() {
  // react-i18next's type says the instance is always there; before initI18n it is not.
  return getI18n() as ReturnType<typeof getI18n> | undefined;
}

/** The locale the interface is shown in now ('en-US' before anything is loaded). */
export function currentLocale(): SupportedLocale {
  const language = currentI18n()?.language;
  return isSupportedLocale(language) ? language : DEFAULT_LOCALE;
}
