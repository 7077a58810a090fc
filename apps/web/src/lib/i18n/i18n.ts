import {
  isSupportedLocale,
  LANGUAGES,
  languageOf,
  matchLocale,
  type SupportedLocale,
} from '@moneta/shared/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import { loadMessages, type LanguageMessages } from './messages';

/**
 * The app's one i18next instance. Its language is the user's whole locale ('de-CH'): i18next
 * looks a key up in 'de-CH', then 'de', then English, and the formatting helpers
 * (./locale-format.ts) read the same locale, so words and numbers change together.
 */
export const i18n = i18next.createInstance();

/** Called with every key that is missing in English too (tests fail on it, see setup-tests). */
let onMissingKey: ((namespace: string, key: string) => void) | undefined;
export function setMissingKeyHandler(handler: typeof onMissingKey) {
  onMissingKey = handler;
}

/** The locale of this device's last visit, else the browser's languages, else en-US. */
export function initialLocale(): SupportedLocale {
  const stored = readStorage(STORAGE_KEYS.locale);
  if (isSupportedLocale(stored)) return stored;
  return browserLocale();
}

/** The supported locale the browser asks for first (offered first at setup). */
export function browserLocale(): SupportedLocale {
  const wishes =
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return matchLocale(wishes.filter(Boolean));
}

function addMessages(language: string, messages: LanguageMessages) {
  for (const [namespace, resources] of Object.entries(messages)) {
    i18n.addResourceBundle(language, namespace, resources, true, true);
  }
}

function showLocale(locale: SupportedLocale) {
  document.documentElement.lang = locale;
  writeStorage(STORAGE_KEYS.locale, locale);
}

let initialised: Promise<unknown> | undefined;

/**
 * Loads English (the fallback) and the locale's language, then starts i18next: awaited before
 * the first render (main.tsx), so that no page is drawn with keys in place of words.
 */
export function initI18n(locale: SupportedLocale = initialLocale()): Promise<unknown> {
  initialised ??= (async () => {
    const language = languageOf(locale);
    const [english, own] = await Promise.all([
      loadMessages('en'),
      language === 'en' ? undefined : loadMessages(language),
    ]);
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      ns: Object.keys(english),
      defaultNS: 'common',
      resources: { en: english, ...(own ? { [language]: own } : {}) },
      // React escapes what it renders; escaping here too would show &amp; and the like.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: (_languages, namespace, key) => onMissingKey?.(namespace, key),
    });
    showLocale(locale);
  })().catch((error: unknown) => {
    initialised = undefined;
    throw error;
  });
  return initialised;
}

/**
 * Switches the interface and the formats to a locale at once: its language's messages are
 * downloaded first when needed, then every translated component re-renders.
 */
export async function changeLocale(locale: SupportedLocale): Promise<void> {
  await initI18n(locale);
  const language = languageOf(locale);
  if (!i18n.hasResourceBundle(language, 'common'))
    addMessages(language, await loadMessages(language));
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  showLocale(locale);
}

// Kept importable from here for the forms that switch the locale (SetupForm, Preferences).
export { currentLocale } from './current';
