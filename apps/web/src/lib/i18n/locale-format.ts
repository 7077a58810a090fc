import { dateParts } from '@moneta/shared/calendar-date';
import { DEFAULT_LOCALE, type SupportedLocale } from '@moneta/shared/locales';
import type { DateOrder } from '@moneta/shared/search-keywords';
import { formatMoney as formatEnUsMoney } from '@moneta/shared/money';
import { EN_US_NUMBER_FORMAT, type NumberFormat } from '@moneta/shared/typed-amount';
import {
  formatCalendarDate as formatEnUsDate,
  formatShortCalendarDate as formatEnUsShortDate,
} from '../calendar-date-format';
import { dateFormatter, numberFormatter } from './intl-formatters';

/**
 * The one place that writes numbers, amounts, dates and month names for a locale (docs/i18n.md).
 * en-US keeps the original format exactly, through the Intl-free writers it always used (the first
 * Intl formatter of a page costs 40–200 ms, see @moneta/shared/money); other locales go through
 * Intl, each formatter made once (./intl-formatters.ts).
 */

/** A calendar date's own day at noon UTC, formatted in UTC: the same day in every time zone. */
function calendarDay(date: string): Date | undefined {
  const { year, month, day } = dateParts(date);
  if (![year, month, day].every(Number.isInteger)) return undefined;
  const instant = new Date(Date.UTC(year, month - 1, day, 12));
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** An amount with its currency: en-US '$1,234.56' / de-DE '1.234,56 $' / ja-JP '$1,234.56'. */
export function formatMoney(locale: SupportedLocale, amount: number, currencyCode: string): string {
  if (locale === DEFAULT_LOCALE) return formatEnUsMoney(amount, currencyCode);
  return numberFormatter(locale, { style: 'currency', currency: currencyCode }).format(amount);
}

/** A plain number: 1234.5 → '1,234.5' / '1.234,5' / '1 234,5'. */
export function formatNumber(
  locale: SupportedLocale,
  value: number,
  options?: Intl.NumberFormatOptions,
): string {
  return numberFormatter(locale, options).format(value);
}

/** A share as a percentage: 0.25 → '25%' / '25 %'. */
export function formatPercent(
  locale: SupportedLocale,
  fraction: number,
  maximumFractionDigits = 0,
) {
  return numberFormatter(locale, { style: 'percent', maximumFractionDigits }).format(fraction);
}

/**
 * 'YYYY-MM-DD' → en-US 'Mar 10, 2026' (the original format), de-DE '10.03.2026', ja-JP
 * '2026/03/10'.
 */
export function formatDate(locale: SupportedLocale, date: string): string {
  if (locale === DEFAULT_LOCALE) return formatEnUsDate(date);
  const day = calendarDay(date);
  return day ? dateFormatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day) : date;
}

/** 'YYYY-MM-DD' → 'March 10, 2026' / '10. März 2026' / '2026年3月10日'. */
export function formatLongDate(locale: SupportedLocale, date: string): string {
  const day = calendarDay(date);
  return day ? dateFormatter(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(day) : date;
}

/** 'YYYY-MM-DD' → 'Mar 10' / '10. März' / '3月10日', for chart axes and compact lists. */
export function formatShortDate(locale: SupportedLocale, date: string): string {
  if (locale === DEFAULT_LOCALE) return formatEnUsShortDate(date);
  const day = calendarDay(date);
  return day
    ? dateFormatter(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(day)
    : date;
}

/**
 * Two calendar dates as one span, the year written once when shared: en-US 'Mar 1 – Mar 31,
 * 2026', de-DE '01.–31.03.2026', ja-JP '2026/03/01～2026/03/31'. The same day twice is that day.
 */
export function formatDateRange(locale: SupportedLocale, from: string, to: string): string {
  if (from === to) return formatDate(locale, from);
  if (locale === DEFAULT_LOCALE) {
    const start = formatEnUsDate(from);
    const end = formatEnUsDate(to);
    return from.slice(0, 4) === to.slice(0, 4)
      ? `${start.replace(/, \d+$/, '')} – ${end}`
      : `${start} – ${end}`;
  }
  const start = calendarDay(from);
  const end = calendarDay(to);
  if (!start || !end) return `${from} – ${to}`;
  return dateFormatter(locale, { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(start, end);
}

/**
 * An instant (ISO 8601) as date and time in the user's time zone (the zone the app counts their
 * days in, not necessarily the browser's); an unknown zone falls back to the browser's.
 */
export function formatDateTime(locale: SupportedLocale, iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      date,
    );
  } catch {
    return dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

/**
 * An axis tick: the amount in the locale's compact notation, at most one decimal: en-US '$1.2K'
 * (as before), de-DE '1200 $' / '1,2 Mio. $', ja-JP '$1200' / '$1.2万'. Intl in every locale: the
 * charts that use it are loaded after the page.
 */
export function formatCompactMoney(locale: string, value: number, currencyCode: string): string {
  return numberFormatter(locale, {
    style: 'currency',
    currency: currencyCode,
    notation: 'compact',
    // en-US keeps the options it always had; elsewhere no ',0' on whole ticks ('950 €').
    ...(locale === DEFAULT_LOCALE ? {} : { minimumFractionDigits: 0 }),
    maximumFractionDigits: 1,
  }).format(value);
}

/** A month's name (1–12): 'March' / 'März' / '3月'; 'short': 'Mar' / 'März' / '3月'. */
export function formatMonthName(
  locale: SupportedLocale,
  month: number,
  width: 'long' | 'short' = 'long',
): string {
  const day = new Date(Date.UTC(2000, month - 1, 15));
  return dateFormatter(locale, { month: width, timeZone: 'UTC' }).format(day);
}

/** A month of a year: 'March 2026' / 'März 2026' / '2026年3月'. */
export function formatMonthYear(locale: SupportedLocale, year: number, month: number): string {
  const day = new Date(Date.UTC(year, month - 1, 15));
  return dateFormatter(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day);
}

/** Regions whose weeks start on Sunday, among those of the supported locales (CLDR). */
const SUNDAY_FIRST_REGIONS = new Set(['US', 'CA', 'MX', 'JP', 'IN']);

/**
 * The first day of the week, 0 = Sunday, 1 = Monday, from the locale's country (CLDR's weekData;
 * not Intl.Locale's week info, which not every browser has).
 */
export function firstDayOfWeek(locale: SupportedLocale): 0 | 1 {
  return SUNDAY_FIRST_REGIONS.has(locale.slice(3)) ? 0 : 1;
}

/** How the locale writes a number's decimal and thousands separators, for typed amounts. */
export function numberFormatOf(locale: SupportedLocale): NumberFormat {
  if (locale === DEFAULT_LOCALE) return EN_US_NUMBER_FORMAT;
  const parts = numberFormatter(locale).formatToParts(1234567.5);
  const decimal = parts.find((part) => part.type === 'decimal')?.value === ',' ? ',' : '.';
  const group = parts.find((part) => part.type === 'group')?.value ?? '';
  return { decimal, group };
}

/**
 * The order in which the locale writes a date in numbers (de 01.02.2026 'dmy', en-US 'mdy', ja
 * 2026/02/01 'ymd'), read from its short date format: what a date typed in a search means.
 */
export function dateOrderOf(locale: SupportedLocale): DateOrder {
  if (locale === DEFAULT_LOCALE) return 'mdy';
  const order = dateFormatter(locale, { dateStyle: 'short', timeZone: 'UTC' })
    .formatToParts(new Date(Date.UTC(2026, 1, 3, 12)))
    .map((part) => part.type)
    .filter((type) => type === 'day' || type === 'month' || type === 'year')
    .map((type) => type[0])
    .join('');
  return order === 'ymd' || order === 'mdy' ? order : 'dmy';
}

/** Every helper above bound to one locale: what useFormat() hands a component. */
export function localeFormat(locale: SupportedLocale) {
  return {
    locale,
    money: (amount: number, currencyCode: string) => formatMoney(locale, amount, currencyCode),
    number: (value: number, options?: Intl.NumberFormatOptions) =>
      formatNumber(locale, value, options),
    percent: (fraction: number, maximumFractionDigits?: number) =>
      formatPercent(locale, fraction, maximumFractionDigits),
    date: (date: string) => formatDate(locale, date),
    longDate: (date: string) => formatLongDate(locale, date),
    shortDate: (date: string) => formatShortDate(locale, date),
    dateRange: (from: string, to: string) => formatDateRange(locale, from, to),
    dateTime: (iso: string, timeZone?: string) => formatDateTime(locale, iso, timeZone),
    monthName: (month: number, width?: 'long' | 'short') => formatMonthName(locale, month, width),
    monthYear: (year: number, month: number) => formatMonthYear(locale, year, month),
    firstDayOfWeek: firstDayOfWeek(locale),
    numberFormat: numberFormatOf(locale),
    dateOrder: dateOrderOf(locale),
    compactMoney: (amount: number, currencyCode: string) =>
      formatCompactMoney(locale, amount, currencyCode),
  };
}
export type LocaleFormat = ReturnType<typeof localeFormat>;
