import { LANGUAGES } from '@moneta/shared/locales';
import { describe, expect, it } from 'vitest';
import type { Messages } from '@/lib/i18n/messages';

// Every message file of every language (docs/i18n.md): the check that no language lacks a
// message another has, so that a page is never half in English by accident.
const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' → message, for every message of a namespace. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [inner, text] of flatten(value, path)) flat.set(inner, text);
  }
  return flat;
}

function namespacesOf(language: string): Map<string, Map<string, string>> {
  const namespaces = new Map<string, Map<string, string>>();
  for (const [path, messages] of Object.entries(files)) {
    const [, fileLanguage, namespace] = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    if (fileLanguage === language && namespace) namespaces.set(namespace, flatten(messages));
  }
  return namespaces;
}

/** A message's keys without plural forms: 'rows_one', 'rows_other' → 'rows'. */
function baseKeys(messages: Map<string, string>): Set<string> {
  return new Set([...messages.keys()].map((key) => key.replace(PLURAL_SUFFIX, '')));
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)/g)].map((m) => m[1]).sort();

const english = namespacesOf('en');

describe('messages', () => {
  it('has English messages, the fallback of every language', () => {
    expect(english.has('common')).toBe(true);
  });

  describe.each(LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
    const own = namespacesOf(language);

    it('has the same namespaces as English', () => {
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it.each([...english.keys()])('has the same keys as English in %s', (namespace) => {
      const ownKeys = baseKeys(own.get(namespace) ?? new Map());
      const englishKeys = baseKeys(english.get(namespace)!);
      expect({ missing: [...englishKeys].filter((key) => !ownKeys.has(key)) }).toEqual({
        missing: [],
      });
      expect({ onlyHere: [...ownKeys].filter((key) => !englishKeys.has(key)) }).toEqual({
        onlyHere: [],
      });
    });

    it.each([...english.keys()])('has every plural form the language needs in %s', (namespace) => {
      const messages = own.get(namespace) ?? new Map<string, string>();
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const plurals = new Set(
        [...messages.keys()]
          .filter((key) => PLURAL_SUFFIX.test(key))
          .map((key) => key.replace(PLURAL_SUFFIX, '')),
      );
      const missing = [...plurals].flatMap((key) =>
        categories
          .filter((category) => !messages.has(`${key}_${category}`))
          .map((c) => `${key}_${c}`),
      );
      expect(missing).toEqual([]);
    });

    it.each([...english.keys()])('uses the same {{variables}} as English in %s', (namespace) => {
      const messages = own.get(namespace) ?? new Map<string, string>();
      const englishMessages = english.get(namespace)!;
      const mismatched = [...messages].filter(([key, text]) => {
        const base = key.replace(PLURAL_SUFFIX, '');
        const englishText = englishMessages.get(key) ?? englishMessages.get(`${base}_other`);
        return (
          englishText !== undefined && variables(text).join() !== variables(englishText).join()
        );
      });
      expect(mismatched.map(([key]) => key)).toEqual([]);
    });

    it.each([...english.keys()])('leaves no message empty in %s', (namespace) => {
      const empty = [...(own.get(namespace) ?? [])].filter(([, text]) => text.trim() === '');
      expect(empty.map(([key]) => key)).toEqual([]);
    });
  });
});
