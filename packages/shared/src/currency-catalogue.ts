import { CURRENCIES } from './currencies';

/** One currency of the catalogue, as `GET /api/currencies` answers it. */
export interface CatalogueCurrency {
  /** ISO 4217 code. */
  code: string;
  /** English name. */
  name: string;
  /** The symbol a currency list shows (the narrow one: `$` for every dollar, `kr` for crowns). */
  symbol: string;
  /** ISO 4217 minor-unit digits. */
  decimals: number;
}

/**
 * Every currency in the European Central Bank's reference rates (today's and those it published
 * before they joined the euro or were suspended) that is not one of Moneta's original seven.
 * Names and symbols are what Intl gives in English on Node 20 (`Intl.DisplayNames`, the narrow
 * currency symbol), written out here so that the server and every browser show the same text;
 * `decimals` is ISO 4217's, which Intl does not always give (Intl says 0 for HUF and IDR, ISO
 * says 2). currency-catalogue.test.ts holds the names and symbols to Intl (docs/decisions.md,
 * CUR-1).
 */
const ECB_CURRENCIES: readonly CatalogueCurrency[] = [
  { code: 'BGN', name: 'Bulgarian Lev', symbol: 'BGN', decimals: 2 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2 },
  { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', decimals: 2 },
  { code: 'CNY', name: 'Chinese Yuan', symbol: '¥', decimals: 2 },
  { code: 'CYP', name: 'Cypriot Pound', symbol: 'CYP', decimals: 2 },
  { code: 'CZK', name: 'Czech Koruna', symbol: 'Kč', decimals: 2 },
  { code: 'DKK', name: 'Danish Krone', symbol: 'kr', decimals: 2 },
  { code: 'EEK', name: 'Estonian Kroon', symbol: 'EEK', decimals: 2 },
  { code: 'HKD', name: 'Hong Kong Dollar', symbol: '$', decimals: 2 },
  { code: 'HRK', name: 'Croatian Kuna', symbol: 'kn', decimals: 2 },
  { code: 'HUF', name: 'Hungarian Forint', symbol: 'Ft', decimals: 2 },
  { code: 'IDR', name: 'Indonesian Rupiah', symbol: 'Rp', decimals: 2 },
  { code: 'ILS', name: 'Israeli New Shekel', symbol: '₪', decimals: 2 },
  { code: 'ISK', name: 'Icelandic Króna', symbol: 'kr', decimals: 0 },
  { code: 'KRW', name: 'South Korean Won', symbol: '₩', decimals: 0 },
  { code: 'LTL', name: 'Lithuanian Litas', symbol: 'Lt', decimals: 2 },
  { code: 'LVL', name: 'Latvian Lats', symbol: 'Ls', decimals: 2 },
  { code: 'MTL', name: 'Maltese Lira', symbol: 'MTL', decimals: 2 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2 },
  { code: 'MYR', name: 'Malaysian Ringgit', symbol: 'RM', decimals: 2 },
  { code: 'NOK', name: 'Norwegian Krone', symbol: 'kr', decimals: 2 },
  { code: 'NZD', name: 'New Zealand Dollar', symbol: '$', decimals: 2 },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2 },
  { code: 'PLN', name: 'Polish Zloty', symbol: 'zł', decimals: 2 },
  { code: 'ROL', name: 'Romanian Leu (1952–2006)', symbol: 'ROL', decimals: 2 },
  { code: 'RON', name: 'Romanian Leu', symbol: 'lei', decimals: 2 },
  { code: 'RUB', name: 'Russian Ruble', symbol: '₽', decimals: 2 },
  { code: 'SEK', name: 'Swedish Krona', symbol: 'kr', decimals: 2 },
  { code: 'SGD', name: 'Singapore Dollar', symbol: '$', decimals: 2 },
  { code: 'SIT', name: 'Slovenian Tolar', symbol: 'SIT', decimals: 2 },
  { code: 'SKK', name: 'Slovak Koruna', symbol: 'SKK', decimals: 2 },
  { code: 'THB', name: 'Thai Baht', symbol: '฿', decimals: 2 },
  { code: 'TRL', name: 'Turkish Lira (1922–2005)', symbol: 'TRL', decimals: 0 },
  { code: 'TRY', name: 'Turkish Lira', symbol: '₺', decimals: 2 },
  { code: 'ZAR', name: 'South African Rand', symbol: 'R', decimals: 2 },
];

/**
 * Every currency Moneta knows (docs/api.md, `GET /api/currencies`): the original seven first,
 * as the original client lists them, then the ECB's by code.
 */
export const CURRENCY_CATALOGUE: readonly CatalogueCurrency[] = [
  ...CURRENCIES.map(({ code, name, symbol, decimals }) => ({ code, name, symbol, decimals })),
  ...ECB_CURRENCIES,
];

const byCode = new Map(CURRENCY_CATALOGUE.map((currency) => [currency.code, currency]));

/** The catalogue's currency of a code; undefined for any other text. */
export function findCatalogueCurrency(code: string): CatalogueCurrency | undefined {
  return byCode.get(code);
}

/** True for a code of the catalogue (upper case, as ISO 4217 writes it). */
export function isCatalogueCurrency(value: unknown): value is string {
  return typeof value === 'string' && byCode.has(value);
}
