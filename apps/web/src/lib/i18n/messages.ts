import type { Language } from '@moneta/shared/locales';
import { groupOfNamespace, messageFileOf, type MessageGroup } from './message-groups';

/** A namespace's messages: nested objects of strings, as in src/locales/<language>/<ns>.json. */
export type Messages = { [key: string]: string | Messages };
/** A language's messages by namespace. */
export type LanguageMessages = Record<string, Messages>;

// Every namespace file of every language, each loaded on demand; the build puts a language's
// files of one group into one chunk (vite.config.ts, ./message-groups.ts), so that loading a
// group is one download. Adding a namespace is adding its JSON files; nothing here lists them.
// But English error messages: English shows the server's own words (errorMessage in
// lib/api-client.ts), and every other language has every code (locales/errors.test.ts), so no
// page reads them, and they would weigh 3 kB in every English first load. The file stays the
// reference the translations are made from.
const namespaceFiles = import.meta.glob<Messages>(
  ['../../locales/*/*.json', '!../../locales/en/errors.json'],
  { import: 'default' },
);

const loaded = new Map<string, Promise<LanguageMessages>>();

/** A language's messages of one group, by namespace, downloaded once. */
export function loadMessages(language: Language, group: MessageGroup): Promise<LanguageMessages> {
  const cacheKey = `${language}/${group}`;
  let messages = loaded.get(cacheKey);
  if (!messages) {
    const files = Object.entries(namespaceFiles).flatMap(([path, load]) => {
      const file = messageFileOf(path);
      return file?.language === language && groupOfNamespace(file.namespace) === group
        ? [{ namespace: file.namespace, load }]
        : [];
    });
    if (files.length === 0) {
      return Promise.reject(new Error(`No ${group} messages for the language ${language}.`));
    }
    messages = Promise.all(
      files.map(async ({ namespace, load }) => [namespace, await load()] as const),
    ).then((entries) => Object.fromEntries(entries));
    // A failed download (offline) may be tried again later.
    messages.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, messages);
  }
  return messages;
}
