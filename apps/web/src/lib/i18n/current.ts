import { DEFAULT_LOCALE, isSupportedLocale, type SupportedLocale } from '@moneta/shared/locales';
import { getI18n } from 'react-i18next';
import type { MessageGroup } from './message-groups';

/**
 * What code outside components reads of the running i18next instance, without importing i18next
 * itself: ./i18n.ts (i18next and the messages) is loaded beside the first page's code, not in the
 * entry chunk (docs/decisions.md, I18N-7), and hands its instance to
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

/**
 * The running instance, for code outside components that runs after the first render (toasts,
 * labels built in functions): importing ./i18n.ts for it would pull i18next into that code's
 * chunk and so into the first load of every page that uses it.
 */
export function runningI18n(): NonNullable<ReturnType<typeof currentI18n>> {
  const instance = currentI18n();
  if (!instance) throw new Error('i18next has not started yet (lib/i18n/i18n.ts, initI18n).');
  return instance;
}

/**
 * Switches the interface to a locale (./i18n.ts, changeLocale), reached through a dynamic import
 * for the same reason: that module is loaded at boot already, so this waits for nothing more.
 */
export async function switchLocale(locale: SupportedLocale): Promise<void> {
  const { changeLocale } = await import('./i18n');
  await changeLocale(locale);
}

/** Makes a group of messages available before a page that needs it renders (./i18n.ts). */
export async function loadMessageGroup(group: MessageGroup): Promise<void> {
  const { loadMessageGroup } = await import('./i18n');
  await loadMessageGroup(group);
}
