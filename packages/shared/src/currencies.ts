/**
 * The currencies Moneta can display (docs/architecture.md, Product rules). Amounts are never
 * converted between them. `symbol` is the one the currency lists show; `enUsSymbol` is the one
 * en-US writes before an amount, which tells the dollars apart (CA$, A$); `decimals` is the ISO
 * 4217 minor unit. money.test.ts holds `enUsSymbol` and `decimals` to Intl.NumberFormat's output.
 */
export const CURRENCIES = [
  {
    code: 'USD',
    name: 'United States Dollar',
    symbol: '$',
    enUsSymbol: '$',
    decimals: 2,
    flag: '🇺🇸',
  },
  { code: 'EUR', name: 'Euro', symbol: '€', enUsSymbol: '€', decimals: 2, flag: '🇪🇺' },
  { code: 'GBP', name: 'British Pound', symbol: '£', enUsSymbol: '£', decimals: 2, flag: '🇬🇧' },
  { code: 'JPY', name: 'Japanese Yen', symbol: '¥', enUsSymbol: '¥', decimals: 0, flag: '🇯🇵' },
  { code: 'CAD', name: 'Canadian Dollar', symbol: '$', enUsSymbol: 'CA$', decimals: 2, flag: '🇨🇦' },
  {
    code: 'AUD',
    name: 'Australian Dollar',
    symbol: '$',
    enUsSymbol: 'A$',
    decimals: 2,
    flag: '🇦🇺',
  },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', enUsSymbol: '₹', decimals: 2, flag: '🇮🇳' },
] as const;

export type Currency = (typeof CURRENCIES)[number];
export type CurrencyCode = Currency['code'];

export const CURRENCY_CODES = CURRENCIES.map((currency) => currency.code) as [
  CurrencyCode,
  ...CurrencyCode[],
];

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && (CURRENCY_CODES as readonly string[]).includes(value);
}

/** The currency of a code Moneta displays; undefined for any other code. */
export function findCurrency(code: string): Currency | undefined {
  return CURRENCIES.find((currency) => currency.code === code);
}
