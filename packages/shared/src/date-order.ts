/**
 * Whether a date that reads both ways (03/04/2026) is month first for this user: dollars and an
 * American time zone say so; everyone else writes the day first (docs/architecture.md, Imports;
 * docs/receipts.md).
 */
export function prefersMonthFirst(user: { defaultCurrency: string; timeZone: string }): boolean {
  return (
    user.defaultCurrency === 'USD' &&
    (/^(America|US)\//.test(user.timeZone) || user.timeZone === 'Pacific/Honolulu')
  );
}
