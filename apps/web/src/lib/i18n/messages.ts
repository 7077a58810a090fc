import type { Language } from '@moneta/shared/locales';

/** A namespace's messages: nested objects of strings, as in src/locales/<language>/<ns>.json. */
export type Messages = { [key: string]: string | Messages };
/** A language's messages by namespace. */
export type LanguageMessages = Record<string, Messages>;

// One module per language (src/locales/<language>/index.ts) gathers every namespace file of that
// language, so that each language is one chunk, downloaded only by pages shown in it. Adding a
// namespace is adding its JSON files; nothing here lists them.
const languageModules = import.meta.glob<{ messages: Record<string, Messages> }>(
  '../../locales/*/index.ts',
);

const loaded = new Map<Language, Promise<LanguageMessages>>();

/** './common.json' → 'common'. */
function namespaceOf(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.json$/, '');
}

/** A language's messages by namespace, downloaded once. */
export function loadMessages(language: Language): Promise<LanguageMessages> {
  let messages = loaded.get(language);
  if (!messages) {
    const load = languageModules[`../../locales/${language}/index.ts`];
    if (!load) return Promise.reject(new Error(`No messages for the language ${language}.`));
    messages = load().then((module) =>
      Object.fromEntries(
        Object.entries(module.messages).map(([path, namespace]) => [namespaceOf(path), namespace]),
      ),
    );
    // A failed download (offline) may be tried again later.
    messages.catch(() => loaded.delete(language));
    loaded.set(language, messages);
  }
  return messages;
}
