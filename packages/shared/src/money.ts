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

/** en-US currency formatting with the chosen code (SPEC §9). Formatting lives only in the UI. */
export function formatMoney(amount: number, currencyCode: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode }).format(
    amount,
  );
}
