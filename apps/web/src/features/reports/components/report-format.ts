import { formatMoney } from '@moneta/shared/money';

/** Cents, so that adding many decimals never drifts (0.1 + 0.2). */
export function sumMoney(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
}

/** A change in money, always signed: '+$12.00', '−$3.50', '$0.00'. */
export function formatChange(change: number, currency: string): string {
  const rounded = Math.round(change * 100) / 100;
  if (rounded === 0) return formatMoney(0, currency);
  return `${rounded > 0 ? '+' : '−'}${formatMoney(Math.abs(rounded), currency)}`;
}

/**
 * A change in percent of what it compares with, only between two positive figures: a percent of
 * nothing, or from a loss to a gain (a net of −$45 then +$2,880 is not "+6499%"), says nothing.
 */
export function formatPercentChange(current: number, previous: number): string {
  if (Math.round(previous * 100) <= 0 || current < 0) return '';
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${Math.abs(percent)}%`;
}

/** '+$12.00 (+8%)', or the money alone when there is no percent. */
export function formatComparison(current: number, previous: number, currency: string): string {
  const percent = formatPercentChange(current, previous);
  const money = formatChange(current - previous, currency);
  return percent ? `${money} (${percent})` : money;
}
