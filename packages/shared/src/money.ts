import { isCurrencyCode, type CurrencyCode } from './currencies';

/**
 * Money is stored as integer minor units (cents) and spoken as decimal numbers with at most two
 * decimals at the API's edge. These two functions are the only place that converts.
 */
export function toMinorUnits(amount: number): number {
  // Math.round absorbs binary noise such as 0.1 + 0.2; callers validate ≤ 2 decimals first.
  return Math.round(amount * 100);
}

export function fromMinorUnits(minorUnits: number | bigint | string): number {
  return Number(minorUnits) / 100;
}

/** True when the number has no more than two decimals (12.5, 12.50, 12 — not 12.505). */
export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}

/**
 * How en-US writes Moneta's own currencies: the symbol before the number and the decimals.
 * money.test.ts holds every entry to Intl.NumberFormat's output.
 */
const EN_US_CURRENCIES: Readonly<Record<CurrencyCode, { symbol: string; decimals: number }>> = {
  USD: { symbol: '$', decimals: 2 },
  EUR: { symbol: '€', decimals: 2 },
  GBP: { symbol: '£', decimals: 2 },
  JPY: { symbol: '¥', decimals: 0 },
  CAD: { symbol: 'CA$', decimals: 2 },
  AUD: { symbol: 'A$', decimals: 2 },
  INR: { symbol: '₹', decimals: 2 },
};

/**
 * `amount` (not negative) rounded to `decimals` as Intl rounds: half away from zero, on the
 * shortest decimal that reads back as the same number ("1.005", so 1.01, where toFixed gives
 * 1.00), with thousands separators. Undefined for what is not finite or is written with an
 * exponent.
 */
function groupedDecimal(amount: number, decimals: number): string | undefined {
  if (!Number.isFinite(amount)) return undefined;
  const written = String(amount);
  if (written.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = written.split('.');
  let digits = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  if ((fraction[decimals] ?? '0') >= '5') digits += 1n;
  const text = digits.toString().padStart(decimals + 1, '0');
  const integer = text.slice(0, text.length - decimals).replace(/\B(?=(\d{3})+$)/g, ',');
  return decimals > 0 ? `${integer}.${text.slice(-decimals)}` : integer;
}

/**
 * Formatters by currency code for the codes outside EN_US_CURRENCIES: building an
 * Intl.NumberFormat costs far more than using one. The cache starts over rather than grow
 * without end on odd input.
 */
const moneyFormatters = new Map<string, Intl.NumberFormat>();
const MAX_MONEY_FORMATTERS = 200;

function formatWithIntl(amount: number, currencyCode: string): string {
  let formatter = moneyFormatters.get(currencyCode);
  if (!formatter) {
    // An unknown code throws here, before anything is cached.
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
    if (moneyFormatters.size >= MAX_MONEY_FORMATTERS) moneyFormatters.clear();
    moneyFormatters.set(currencyCode, formatter);
  }
  return formatter.format(amount);
}

/**
 * en-US currency formatting with the chosen code (docs/architecture.md, Product rules). Formatting
 * lives only in the UI. Moneta's own currencies are written without Intl: the first Intl formatter
 * of a page loads ICU's data, 40–50 ms on a desktop and 200 ms at a phone's speed, in the task that
 * draws the dashboard's first amounts. Other codes, and amounts Intl writes specially (∞, NaN, past
 * 10^21), go to Intl.NumberFormat.
 */
export function formatMoney(amount: number, currencyCode: string): string {
  const currency = isCurrencyCode(currencyCode) ? EN_US_CURRENCIES[currencyCode] : undefined;
  const number = currency ? groupedDecimal(Math.abs(amount), currency.decimals) : undefined;
  if (!currency || number === undefined) return formatWithIntl(amount, currencyCode);
  // Intl keeps the sign of what rounds to zero (-0.004 → -$0.00), and of -0.
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}${currency.symbol}${number}`;
}
