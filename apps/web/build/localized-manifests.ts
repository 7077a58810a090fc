import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { ManifestOptions } from 'vite-plugin-pwa';
import { LANGUAGES } from '../../../packages/shared/src/locales.ts';

/** A language's `manifest` messages, read from its `common` namespace (src/locales). */
export function manifestMessages(language: string): { description: string } {
  const file = new URL(`../src/locales/${language}/common.json`, import.meta.url);
  const common = JSON.parse(readFileSync(file, 'utf8')) as { manifest?: { description?: string } };
  const description = common.manifest?.description;
  if (!description)
    throw new Error(`src/locales/${language}/common.json has no manifest.description`);
  return { description };
}

/**
 * Writes `manifest.<language>.webmanifest` beside vite-plugin-pwa's English
 * `manifest.webmanifest`: the same app (same `id`, icons, share target), with the description in
 * that language. The page points its `<link rel="manifest">` at the file of the language it
 * shows (lib/i18n/manifest-link.ts), so an install from a German page reads German. The name
 * stays "Moneta" in every language: it is the product's name.
 */
export function localizedManifests(manifest: Partial<ManifestOptions>): Plugin {
  return {
    name: 'moneta:localized-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of LANGUAGES.filter((language) => language !== 'en')) {
        this.emitFile({
          type: 'asset',
          fileName: `manifest.${language}.webmanifest`,
          source: JSON.stringify({ ...manifest, lang: language, ...manifestMessages(language) }),
        });
      }
    },
  };
}
