import { languageOf, type SupportedLocale } from '@moneta/shared/locales';

/**
 * Points the page's web manifest at the one of the locale's language (written by
 * build/localized-manifests.ts; English is vite-plugin-pwa's own), so that installing the app
 * reads its description in the language the page shows.
 */
export function showManifestOf(locale: SupportedLocale): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) return; // the dev server and tests have no manifest
  const language = languageOf(locale);
  link.href = language === 'en' ? '/manifest.webmanifest' : `/manifest.${language}.webmanifest`;
}
