import type { SupportedLocale } from './locales';

/**
 * The currency of each supported locale's country: what setup preselects as the base currency
 * once the person has chosen their language and formats (de-DE → EUR, ja-JP → JPY, en-GB → GBP).
 */
const REGION_CURRENCIES: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  IE: 'EUR',
  IN: 'INR',
  DE: 'EUR',
  AT: 'EUR',
  CH: 'CHF',
  FR: 'EUR',
  BE: 'EUR',
  ES: 'EUR',
  MX: 'MXN',
  IT: 'EUR',
  JP: 'JPY',
};

/** The currency of the locale's country ('de-DE' → 'EUR'); undefined for a country not listed. */
export function regionCurrencyOf(locale: SupportedLocale): string | undefined {
  return REGION_CURRENCIES[locale.slice(3)];
}
