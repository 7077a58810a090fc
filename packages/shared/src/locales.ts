/**
 * The languages Moneta is translated into, and the locales (BCP 47) a user may choose: a language
 * and the country whose number, date and week conventions they follow (docs/i18n.md). One list for
 * the server's validation and the web's pickers. en-US is the original format and the default.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language under its own name, as a picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  ja: '日本語',
};

export const SUPPORTED_LOCALES = [
  'en-US',
  'en-GB',
  'en-CA',
  'en-AU',
  'en-IE',
  'en-IN',
  'de-DE',
  'de-AT',
  'de-CH',
  'fr-FR',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'es-ES',
  'es-MX',
  'es-US',
  'it-IT',
  'it-CH',
  'ja-JP',
] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/**
 * Each locale named in its own language, as CLDR names it (what `Intl.DisplayNames` gives for
 * the locale in itself, capitalised), for the language select. A table rather than the call:
 * each call loads another language's data, and the 19 of them were the Settings page's
 * costliest function at its start (docs/decisions.md, WEB-65); a browser's own data would also
 * name them differently from one browser to another.
 */
export const LOCALE_NAMES: Record<SupportedLocale, string> = {
  'en-US': 'American English',
  'en-GB': 'British English',
  'en-CA': 'Canadian English',
  'en-AU': 'Australian English',
  'en-IE': 'English (Ireland)',
  'en-IN': 'English (India)',
  'de-DE': 'Deutsch (Deutschland)',
  'de-AT': 'Österreichisches Deutsch',
  'de-CH': 'Schweizer Hochdeutsch',
  'fr-FR': 'Français (France)',
  'fr-BE': 'Français (Belgique)',
  'fr-CA': 'Français canadien',
  'fr-CH': 'Français suisse',
  'es-ES': 'Español de España',
  'es-MX': 'Español de México',
  'es-US': 'Español (Estados Unidos)',
  'it-IT': 'Italiano (Italia)',
  'it-CH': 'Italiano (Svizzera)',
  'ja-JP': '日本語 (日本)',
};

export const DEFAULT_LOCALE: SupportedLocale = 'en-US';

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** The language a supported locale is written in: 'de-CH' → 'de'. */
export function languageOf(locale: SupportedLocale): Language {
  return locale.slice(0, 2) as Language;
}

/**
 * The supported locale closest to what a browser asks for (navigator.languages, best first): the
 * same locale, else the first of the same language ('de-LU' → 'de-DE', 'ja' → 'ja-JP'), else the
 * next wish; en-US when none is supported. Tags are compared case-insensitively.
 */
export function matchLocale(wishes: readonly string[]): SupportedLocale {
  for (const wish of wishes) {
    const tag = wish.trim().replace('_', '-').toLowerCase();
    const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = SUPPORTED_LOCALES.find((locale) => locale.startsWith(`${language}-`));
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}
