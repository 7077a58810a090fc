import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The source of every module of ours a public page (landing, contact, sign-in, registration, not
 * found) loads up front, found as the bundler finds them: the static value imports from the
 * entry and from those pages' route modules, not `import type` nor `import()`. Packages are not
 * followed; their names are in the sources. For the checks that keep the public pages light
 * (docs/decisions.md, I18N-9).
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PUBLIC_ROOTS = [
  'main.tsx',
  'app/routes/landing.tsx',
  'app/routes/contact.tsx',
  'app/routes/auth/login.tsx',
  'app/routes/auth/register.tsx',
  'app/routes/not-found.tsx',
];

/** Specifiers a source imports values from, up front. */
export function staticSpecifiers(source: string): string[] {
  return [
    ...source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gms),
    ...source.matchAll(/^\s*import\s+'([^']+)'/gm),
  ].map((match) => match[1]!);
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? join(SRC, specifier.slice(2))
    : specifier.startsWith('.')
      ? join(dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/** Path under src/ → source, for every module the pages of `roots` load up front. */
export function publicPageSources(roots: readonly string[] = PUBLIC_ROOTS): Map<string, string> {
  const sources = new Map<string, string>();
  const queue = roots.map((root) => join(SRC, root));
  while (queue.length > 0) {
    const file = queue.pop()!;
    const path = relative(SRC, file);
    if (sources.has(path)) continue;
    const source = readFileSync(file, 'utf8');
    sources.set(path, source);
    queue.push(
      ...staticSpecifiers(source).flatMap((specifier) => resolveImport(file, specifier) ?? []),
    );
  }
  return sources;
}
