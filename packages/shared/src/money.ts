import { findCurrency } from './currencies';
import { findCatalogueCurrency } from './currency-catalogue';

/**
 * Every amount is stored today as integer hundredths, whatever its currency (a JPY user's ¥1,200
 * too), and spoken as a decimal number with at most STORED_DECIMALS decimals at the API's edge.
 * toStoredHundredths/fromStoredHundredths are the only place that converts for storage. Amounts
 * move to the minor units of their own currency (toMinorUnits/fromMinorUnits) together with the
 * migration that rewrites the stored ones; until then nothing stored uses them.
 */
export const STORED_DECIMALS = 2;

export function toStoredHundredths(amount: number): number {
  // Math.round absorbs binary noise such as 0.1 + 0.2; callers validate ≤ 2 decimals first.
  return Math.round(amount * 100);
}

export function fromStoredHundredths(hundredths: number | bigint | string): number {
  return Number(hundredths) / 100;
}

/** Currencies whose minor unit is the unit itself, known even where Intl lacks their data. */
const ZERO_DECIMAL_CURRENCIES = new Set(['JPY', 'ISK', 'KRW']);

/**
 * The ISO 4217 minor-unit digits of a currency: every code of the catalogue from the catalogue
 * (not from Intl, which says 0 for HUF and IDR where ISO 4217 says 2), any other code Intl knows
 * from Intl, else 2.
 */
export function currencyDecimals(code: string): number {
  const known = findCatalogueCurrency(code);
  if (known) return known.decimals;
  if (ZERO_DECIMAL_CURRENCIES.has(code)) return 0;
  try {
    return formatterFor(code).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `amount` in the minor units of `currency` (cents, or yen for JPY). */
export function toMinorUnits(amount: number, currency: string): number {
  return Math.round(amount * 10 ** currencyDecimals(currency));
}

export function fromMinorUnits(minorUnits: number | bigint | string, currency: string): number {
  return Number(minorUnits) / 10 ** currencyDecimals(currency);
}

/** True when the number has no more than `digits` decimals (12.5 for 2 — not 12.505). */
export function hasAtMostDecimals(amount: number, digits: number): boolean {
  if (!Number.isFinite(amount)) return false;
  const scaled = amount * 10 ** digits;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * A plain decimal written with a dot ("12.50", ".5", "-3"; no grouping, no exponent): its value
 * and how many decimals it really has (trailing zeros do not count). Undefined for any other
 * text, and for digits a number cannot hold exactly (a 20-digit amount), so that nothing is
 * rounded away unseen.
 */
export function readDecimalText(text: string): { value: number; decimals: number } | undefined {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return undefined;
  if (text.trim().endsWith('.')) return undefined;
  const significant = fraction.replace(/0+$/, '');
  const digits = `${whole.replace(/^0+/, '')}${significant}`.replace(/^0+/, '');
  if (digits.length > 15) return undefined;
  const value = Number(`${sign}${whole || '0'}.${significant || '0'}`);
  return { value: Object.is(value, -0) ? 0 : value, decimals: significant.length };
}

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
 * Formatters by currency code for the codes outside CURRENCIES: building an
 * Intl.NumberFormat costs far more than using one. The cache starts over rather than grow
 * without end on odd input.
 */
const moneyFormatters = new Map<string, Intl.NumberFormat>();
const MAX_MONEY_FORMATTERS = 200;

function formatterFor(currencyCode: string): Intl.NumberFormat {
  let formatter = moneyFormatters.get(currencyCode);
  if (!formatter) {
    // An unknown code throws here, before anything is cached.
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
    if (moneyFormatters.size >= MAX_MONEY_FORMATTERS) moneyFormatters.clear();
    moneyFormatters.set(currencyCode, formatter);
  }
  return formatter;
}

/**
 * en-US currency formatting with the chosen code (docs/architecture.md, Product rules). Formatting
 * lives only in the UI. Moneta's own currencies are written without Intl: the first Intl formatter
 * of a page loads ICU's data, 40–50 ms on a desktop and 200 ms at a phone's speed, in the task that
 * draws the dashboard's first amounts. Other codes, and amounts Intl writes specially (∞, NaN, past
 * 10^21), go to Intl.NumberFormat.
 */
export function formatMoney(amount: number, currencyCode: string): string {
  const currency = findCurrency(currencyCode);
  const number = currency ? groupedDecimal(Math.abs(amount), currency.decimals) : undefined;
  if (!currency || number === undefined) return formatterFor(currencyCode).format(amount);
  // Intl keeps the sign of what rounds to zero (-0.004 → -$0.00), and of -0.
  const negative = amount < 0 || Object.is(amount, -0);
  return `${negative ? '-' : ''}${currency.enUsSymbol}${number}`;
}
