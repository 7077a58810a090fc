import {
  isSupportedLocale,
  LANGUAGES,
  languageOf,
  matchLocale,
  type Language,
  type SupportedLocale,
} from '@moneta/shared/locales';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readStorage, writeStorage } from '@/lib/storage';
import { currentLocale } from './current';
import { showManifestOf } from './manifest-link';
import type { MessageGroup } from './message-groups';
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

/** Adds messages by language and namespace (as messagesOf gives them) to the running i18next. */
function addMessages(resources: Record<string, LanguageMessages>) {
  for (const [language, messages] of Object.entries(resources)) {
    for (const [namespace, bundle] of Object.entries(messages)) {
      i18n.addResourceBundle(language, namespace, bundle, true, true);
    }
  }
}

/** English (the fallback) and the language's messages of the groups, by language. */
async function messagesOf(
  language: Language,
  groups: Iterable<MessageGroup>,
): Promise<Record<string, LanguageMessages>> {
  const languages = language === 'en' ? (['en'] as const) : (['en', language] as const);
  const bundles = await Promise.all(
    languages.flatMap((each) =>
      [...groups].map(async (group) => [each, await loadMessages(each, group)] as const),
    ),
  );
  const resources: Record<string, LanguageMessages> = {};
  for (const [each, messages] of bundles) Object.assign((resources[each] ??= {}), messages);
  return resources;
}

function showLocale(locale: SupportedLocale) {
  document.documentElement.lang = locale;
  showManifestOf(locale);
  writeStorage(STORAGE_KEYS.locale, locale);
}

/** The groups of messages the interface has asked for so far: a new language loads them all. */
const groupsInUse = new Set<MessageGroup>();
let initialised: Promise<unknown> | undefined;

/**
 * Loads English (the fallback) and the locale's language, the public pages' messages unless told
 * otherwise, then starts i18next: awaited before the first render (main.tsx), so that no page is
 * drawn with keys in place of words. The signed-in app's messages come with its shell
 * (loadMessageGroup).
 */
export function initI18n(
  locale: SupportedLocale = initialLocale(),
  groups: readonly MessageGroup[] = ['public'],
): Promise<unknown> {
  initialised ??= (async () => {
    for (const group of groups) groupsInUse.add(group);
    const resources = await messagesOf(languageOf(locale), groupsInUse);
    await i18n.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      ns: Object.keys(resources.en ?? {}),
      defaultNS: 'common',
      resources,
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
 * Makes a group's messages available in English and in the language shown, downloading them the
 * first time: awaited by the pages that need it before they render (app/router.tsx). A locale
 * switched to while they download gets them too.
 */
export async function loadMessageGroup(group: MessageGroup): Promise<void> {
  await initI18n();
  groupsInUse.add(group);
  let language: Language;
  do {
    language = languageOf(currentLocale());
    addMessages(await messagesOf(language, [group]));
  } while (languageOf(currentLocale()) !== language);
}

/**
 * Switches the interface and the formats to a locale at once: its language's messages (of every
 * group loaded so far) are downloaded first when needed, then every translated component
 * re-renders.
 */
export async function changeLocale(locale: SupportedLocale): Promise<void> {
  await initI18n(locale);
  const language = languageOf(locale);
  addMessages(await messagesOf(language, groupsInUse));
  if (i18n.language !== locale) await i18n.changeLanguage(locale);
  showLocale(locale);
}

// Kept importable from here for the forms that switch the locale (SetupForm, Preferences).
export { currentLocale };
