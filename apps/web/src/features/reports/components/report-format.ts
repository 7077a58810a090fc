import { DEFAULT_LOCALE } from '@moneta/shared/locales';
import { localeFormat, type LocaleFormat } from '@/lib/i18n/locale-format';

/** en-US, the original format, when a caller gives no locale. */
const SPEC_FORMAT = localeFormat(DEFAULT_LOCALE);

/** Cents, so that adding many decimals never drifts (0.1 + 0.2). */
export function sumMoney(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + Math.round(value * 100), 0) / 100;
}

/** A change in money, always signed: '+$12.00', '−$3.50', '$0.00' (in `format`'s locale). */
export function formatChange(change: number, currency: string, format = SPEC_FORMAT): string {
  const rounded = Math.round(change * 100) / 100;
  if (rounded === 0) return format.money(0, currency);
  return `${rounded > 0 ? '+' : '−'}${format.money(Math.abs(rounded), currency)}`;
}

/**
 * A change in percent of what it compares with, only between two positive figures: a percent of
 * nothing, or from a loss to a gain (a net of −$45 then +$2,880 is not "+6499%"), says nothing.
 */
export function formatPercentChange(
  current: number,
  previous: number,
  format: LocaleFormat = SPEC_FORMAT,
): string {
  if (Math.round(previous * 100) <= 0 || current < 0) return '';
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${percent > 0 ? '+' : percent < 0 ? '−' : ''}${format.percent(Math.abs(percent) / 100)}`;
}

/** '+$12.00 (+8%)', or the money alone when there is no percent. */
export function formatComparison(
  current: number,
  previous: number,
  currency: string,
  format: LocaleFormat = SPEC_FORMAT,
): string {
  const percent = formatPercentChange(current, previous, format);
  const money = formatChange(current - previous, currency, format);
  return percent ? `${money} (${percent})` : money;
}

/**
 * Money as the reports write it: outside en-US a negative amount takes the same minus sign (−,
 * U+2212) as the changes beside it, so that a table has one minus sign ('−220,15 €' beside
 * '−1.991,10 €'); en-US keeps its original '-$45.00'.
 */
export function reportMoney(format: LocaleFormat): (amount: number, currency: string) => string {
  if (format.locale === DEFAULT_LOCALE) return format.money;
  return (amount, currency) =>
    Math.round(amount * 100) < 0
      ? `−${format.money(-amount, currency)}`
      : format.money(amount, currency);
}
