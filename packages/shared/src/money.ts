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
 * Formatters by currency code: building an Intl.NumberFormat costs far more than using one, and
 * a page formats every amount it shows (the dashboard a few hundred, counting its charts' tables).
 * The codes are few; the cache starts over rather than grow without end on odd input.
 */
const moneyFormatters = new Map<string, Intl.NumberFormat>();
const MAX_MONEY_FORMATTERS = 200;

/** en-US currency formatting with the chosen code (SPEC §9). Formatting lives only in the UI. */
export function formatMoney(amount: number, currencyCode: string): string {
  let formatter = moneyFormatters.get(currencyCode);
  if (!formatter) {
    // An unknown code throws here, before anything is cached.
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
    if (moneyFormatters.size >= MAX_MONEY_FORMATTERS) moneyFormatters.clear();
    moneyFormatters.set(currencyCode, formatter);
  }
  return formatter.format(amount);
}
