import { describe, expect, it } from 'vitest';
import { publicPageSources, staticSpecifiers } from '@/testing/public-pages';

// The public pages stay within their first-load budget by what they do not load up front
// (docs/decisions.md, I18N-9): TanStack Query's client and hooks, which come
// with the signed-in app; react-toastify, which comes with the first toast; zod, which comes with
// the first schema (the contact page's form has one up front; it has no budget). A static import
// of any of them would put it back into their first load.

/** The names a module imports as values from `from` (`import { a, type B } from '…'`: a). */
function valueNamesFrom(source: string, from: string): string[] {
  const pattern = new RegExp(`^\\s*import\\s+(?!type\\s)\\{([^}]*)\\}\\s+from\\s+'${from}'`, 'gm');
  return [...source.matchAll(pattern)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
}

const sources = publicPageSources();

describe('the public pages, up front', () => {
  it('are found with the modules they load (the walk itself works)', () => {
    expect(sources.has('app/provider.tsx')).toBe(true);
    expect(sources.has('features/auth/components/LoginForm.tsx')).toBe(true);
    expect(sources.has('lib/auth/get-user.ts')).toBe(true);
    // Behind dynamic imports: the signed-in shell, the query client, the code step.
    expect(sources.has('app/routes/app/root.tsx')).toBe(false);
    expect(sources.has('lib/query-client.ts')).toBe(false);
    expect(sources.has('features/auth/components/SecondFactorForm.tsx')).toBe(false);
  });

  it('use nothing of TanStack Query but the provider the signed-in routes are given', () => {
    const names = [...sources].flatMap(([path, source]) =>
      valueNamesFrom(source, '@tanstack/react-query').map((name) => `${path}: ${name}`),
    );
    expect(names).toEqual(['app/query-client-route.tsx: QueryClientProvider']);
  });

  it('import neither react-toastify nor, on the landing and sign-in pages, zod', () => {
    const firstPages = publicPageSources([
      'main.tsx',
      'app/routes/landing.tsx',
      'app/routes/auth/login.tsx',
    ]);
    const toastify = [...sources].flatMap(([path, source]) =>
      staticSpecifiers(source)
        .filter((specifier) => /^react-toastify(\/|$)/.test(specifier))
        .map((specifier) => `${path}: ${specifier}`),
    );
    expect(toastify).toEqual([]);
    const imports = [...firstPages].flatMap(([path, source]) =>
      staticSpecifiers(source)
        .filter((specifier) => /^zod(\/|$)|^@moneta\/shared\/zod$/.test(specifier))
        .map((specifier) => `${path}: ${specifier}`),
    );
    expect(imports).toEqual([]);
  });
});
