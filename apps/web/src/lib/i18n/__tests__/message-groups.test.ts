import { describe, expect, it } from 'vitest';
import { publicPageSources } from '@/testing/public-pages';
import { groupOfNamespace, messagesChunkOf, PUBLIC_NAMESPACES } from '../message-groups';
import { loadMessages } from '../messages';

// The public pages render with the public group of messages alone (router.tsx loads the app's
// with its shell): a component they load up front that used another namespace would show keys.
// This walks their static imports, as the bundler does, and collects the namespaces used.

const NAMESPACES = Object.keys(
  import.meta.glob('../../../locales/en/*.json', { eager: true, import: 'default' }),
).map((path) => path.replace(/^.*\//, '').replace(/\.json$/, ''));

function namespacesUsed(source: string): string[] {
  const found = new Set<string>();
  if (/useTranslation\(\)/.test(source)) found.add('common');
  for (const match of source.matchAll(/useTranslation\(\s*\[?([^)\]]*)/g)) {
    for (const name of match[1]!.matchAll(/'([a-z-]+)'/g)) found.add(name[1]!);
  }
  for (const match of source.matchAll(/\bns[:=]\s*\{?\s*'([a-z-]+)'/g)) found.add(match[1]!);
  const prefixed = new RegExp(`['"\`](${NAMESPACES.join('|')}):`, 'g');
  for (const match of source.matchAll(prefixed)) found.add(match[1]!);
  return [...found];
}

function publicUses(): { files: Set<string>; uses: Map<string, string[]> } {
  const sources = publicPageSources();
  const uses = new Map([...sources].map(([path, source]) => [path, namespacesUsed(source)]));
  return { files: new Set(sources.keys()), uses };
}

describe('message groups', () => {
  it('puts every namespace in one of two groups, the public ones in the public group', () => {
    expect(NAMESPACES.length).toBeGreaterThan(PUBLIC_NAMESPACES.length);
    for (const namespace of PUBLIC_NAMESPACES) expect(NAMESPACES).toContain(namespace);
    expect(groupOfNamespace('auth')).toBe('public');
    expect(groupOfNamespace('transactions')).toBe('app');
    expect(messagesChunkOf('/x/src/locales/de/errors.json')).toBe('messages-de-public');
    expect(messagesChunkOf('/x/src/locales/ja/recurring-transactions.json')).toBe(
      'messages-ja-app',
    );
    expect(messagesChunkOf('/x/src/lib/i18n/messages.ts')).toBeUndefined();
  });

  it('loads the namespaces of one page with that page, in a download of their own', () => {
    expect(groupOfNamespace('settings')).toBe('settings');
    expect(groupOfNamespace('imports')).toBe('imports');
    expect(messagesChunkOf('/x/src/locales/fr/settings.json')).toBe('messages-fr-settings');
  });

  it('ships no English error messages (English shows the server’s words), every other language’s', async () => {
    const english = await loadMessages('en', 'public');
    expect(Object.keys(english)).toContain('auth');
    expect(Object.keys(english)).not.toContain('errors');
    const german = await loadMessages('de', 'public');
    expect(german.errors).toMatchObject({ INVALID_CREDENTIALS: expect.any(String) });
  });

  it('finds the public pages’ components and what they use (the walk itself works)', () => {
    const { files, uses } = publicUses();
    expect(files).toContain('features/auth/components/LoginForm.tsx');
    expect(files).toContain('app/layouts/PublicLayout.tsx');
    expect(files).toContain('app/provider.tsx');
    // Behind a dynamic import: not part of a public page's first load.
    expect(files).not.toContain('app/routes/app/root.tsx');
    const all = new Set([...uses.values()].flat());
    for (const namespace of ['common', 'auth', 'landing', 'contact'])
      expect(all).toContain(namespace);
  });

  it('the public pages use only the public group’s namespaces', () => {
    const { uses } = publicUses();
    const outside = [...uses].flatMap(([file, namespaces]) =>
      namespaces
        .filter((namespace) => groupOfNamespace(namespace) !== 'public')
        .map((namespace) => `${file}: ${namespace}`),
    );
    expect(outside).toEqual([]);
  });
});
