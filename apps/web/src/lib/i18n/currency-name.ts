import type { CatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { useTranslation } from 'react-i18next';

type CurrencyName = (currency: CatalogueCurrency) => string;

const englishName: CurrencyName = (currency) => currency.name;
/** One namer per language, made once: Intl.DisplayNames is costly to build. */
const namers = new Map<string, CurrencyName>();

function currencyNamer(language: string): CurrencyName {
  if (language.startsWith('en') || typeof Intl.DisplayNames !== 'function') return englishName;
  let namer = namers.get(language);
  if (!namer) {
    const names = new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' });
    namer = (currency) => names.of(currency.code) ?? currency.name;
    namers.set(language, namer);
  }
  return namer;
}

/**
 * A currency's name as the user reads it: the catalogue's own in English (the original words), the
 * name the browser's CLDR data gives in the user's language otherwise ("Euro", "ユーロ"), so
 * that 150 names need no messages of ours; the catalogue's where the browser has none.
 */
export function useCurrencyName(): CurrencyName {
  const { i18n } = useTranslation();
  return currencyNamer(i18n.language);
}
