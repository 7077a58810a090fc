import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** What react-i18next imports, read from our own small modules instead (see below). */
const REPLACEMENTS: Record<string, string> = {
  i18next: fileURLToPath(new URL('../src/lib/i18n/selector-keys.ts', import.meta.url)),
  'use-sync-external-store/shim': fileURLToPath(
    new URL('../src/lib/i18n/sync-external-store.ts', import.meta.url),
  ),
};

/**
 * Keeps i18next itself out of every page's up-front code (docs/decisions.md,
 * I18N-7). react-i18next, which every translated component imports, takes a single helper from
 * i18next — keyFromSelector, for keys written as selector functions (`t(($) => $.a.b)`), which
 * Moneta never uses — and i18next is one module: that one import put all of i18next (13 kB over
 * the wire) into the chunk every page loads first. Here react-i18next's import of i18next reads
 * src/lib/i18n/selector-keys.ts instead, and i18next stays in the chunk that lib/i18n/i18n.ts
 * is, which main.tsx loads beside the page's code. Any other name react-i18next may import from
 * i18next in a later version is missing from that module, and the build fails on it.
 * Its import of the use-sync-external-store backport reads React's own hook the same way.
 */
export function reactI18nextAlone(): Plugin {
  return {
    name: 'moneta:react-i18next-alone',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const replacement = REPLACEMENTS[source];
      if (replacement && importer && /[\\/]node_modules[\\/]react-i18next[\\/]/.test(importer)) {
        return replacement;
      }
      return null;
    },
  };
}
