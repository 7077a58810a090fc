import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { groupOfNamespace, messagesChunkOf, PUBLIC_NAMESPACES } from '../message-groups';

// The public pages render with the public group of messages alone (router.tsx loads the app's
// with its shell): a component they load up front that used another namespace would show keys.
// This walks their static imports, as the bundler does, and collects the namespaces used.

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** The entry (with the router, the guards and the provider) and the public pages' modules. */
const PUBLIC_ROOTS = [
  'main.tsx',
  'app/routes/landing.tsx',
  'app/routes/contact.tsx',
  'app/routes/auth/login.tsx',
  'app/routes/auth/register.tsx',
  'app/routes/not-found.tsx',
];
const NAMESPACES = Object.keys(
  import.meta.glob('../../../locales/en/*.json', { eager: true, import: 'default' }),
).map((path) => path.replace(/^.*\//, '').replace(/\.json$/, ''));

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : undefined;
  if (!base) return undefined; // a package: none of them translates with our messages
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/** Modules a file imports up front: value imports, not `import type` nor `import()`. */
function staticImports(file: string, source: string): string[] {
  const specifiers = [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms),
    ...source.matchAll(/^\s*import\s+'([^']+)'/gm),
  ].map((match) => match[1]!);
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

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
  const files = new Set<string>();
  const uses = new Map<string, string[]>();
  const queue = PUBLIC_ROOTS.map((root) => join(SRC, root));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    uses.set(relative(SRC, file), namespacesUsed(source));
    queue.push(...staticImports(file, source));
  }
  return { files: new Set([...files].map((file) => relative(SRC, file))), uses };
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
