import {
  addDays,
  dateFromParts,
  dateParts,
  daysInMonth,
  isCalendarDate,
  toDayNumber,
} from '@moneta/shared/calendar-date';
import { DEFAULT_LOCALE } from '@moneta/shared/locales';
import { lastTwelveMonths, type ReportInterval } from '@moneta/shared/report-periods';
import type { TFunction } from 'i18next';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import type { LocaleFormat } from '@/lib/i18n/locale-format';

/** The Reports page's ranges, in the order its picker offers them; the first is the default. */
export const REPORT_PRESETS = ['last-12-months', 'this-year', 'last-year', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** Both ends included. */
export type ReportRange = { from: string; to: string };

/**
 * The days a preset covers, counted from `today` (the user's). The last 12 months are the whole
 * months before this one, as the API's default; this year ends today, so that months still to
 * come are not counted as empty ones in its averages.
 */
export function presetRange(preset: Exclude<ReportPreset, 'custom'>, today: string): ReportRange {
  const { year } = dateParts(today);
  switch (preset) {
    case 'last-12-months':
      return lastTwelveMonths(today);
    case 'this-year':
      return { from: dateFromParts(year, 1, 1), to: today };
    case 'last-year':
      return { from: dateFromParts(year - 1, 1, 1), to: dateFromParts(year - 1, 12, 31) };
  }
}

export function isValidReportRange(from: string, to: string): boolean {
  return isCalendarDate(from) && isCalendarDate(to) && from <= to;
}

function isMonthEnd(date: string): boolean {
  const { year, month, day } = dateParts(date);
  return day === daysInMonth(year, month);
}

/** The same day `years` earlier, Feb 29 falling on Feb 28. */
function yearsBefore(date: string, years: number): string {
  const { year, month, day } = dateParts(date);
  return dateFromParts(year - years, month, Math.min(day, daysInMonth(year - years, month)));
}

/** The first day of the month `months` before `date`'s. */
function monthStartBefore(date: string, months: number): string {
  const { year, month } = dateParts(date);
  const index = year * 12 + (month - 1) - months;
  return dateFromParts(Math.floor(index / 12), (index % 12) + 1, 1);
}

/**
 * The range a report compares with: whole months with as many whole months just before; a year
 * to date (from Jan 1) with the same dates a year earlier; any other span with as many days just
 * before it.
 */
export function previousRange({ from, to }: ReportRange): ReportRange {
  const start = dateParts(from);
  const end = dateParts(to);
  if (start.day === 1 && isMonthEnd(to)) {
    const months = (end.year - start.year) * 12 + end.month - start.month + 1;
    const previousFrom = monthStartBefore(from, months);
    return { from: previousFrom, to: addDays(from, -1) };
  }
  if (start.month === 1 && start.day === 1 && start.year === end.year) {
    return { from: yearsBefore(from, 1), to: yearsBefore(to, 1) };
  }
  const days = toDayNumber(to) - toDayNumber(from) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'Mar 1 – Mar 31, 2026', 'Dec 1, 2025 – Jan 31, 2026', or one day: 'Nov 26, 2026'. Another
 * locale (`format`) writes both dates whole in its own way: '01.03.2026 – 31.03.2026'.
 */
export function formatReportRange({ from, to }: ReportRange, format?: LocaleFormat): string {
  if (format && format.locale !== DEFAULT_LOCALE) {
    return from === to ? format.date(from) : `${format.date(from)} – ${format.date(to)}`;
  }
  if (from === to) return formatCalendarDate(from);
  const start = formatCalendarDate(from);
  const end = formatCalendarDate(to);
  if (dateParts(from).year === dateParts(to).year) return `${start.replace(/, \d+$/, '')} – ${end}`;
  return `${start} – ${end}`;
}

/**
 * A period's name: 'Mar 2026', 'Q1 2026', '2026'; a period the range cuts short says its days
 * ('Mar 15 – Mar 31, 2026'), so that its smaller figures are not misread. Another locale gives
 * `format` and `t` (namespace reports): 'März 2026', 'Q1 2026', '2026年3月'.
 */
export function periodLabel(
  period: { start: string; end: string },
  interval: ReportInterval,
  format?: LocaleFormat,
  t?: TFunction,
) {
  const start = dateParts(period.start);
  const isWhole =
    start.day === 1 &&
    isMonthEnd(period.end) &&
    (interval === 'month' ||
      (interval === 'quarter' && start.month % 3 === 1 && dateParts(period.end).month % 3 === 0) ||
      (interval === 'year' && start.month === 1 && dateParts(period.end).month === 12));
  if (!isWhole) return formatReportRange({ from: period.start, to: period.end }, format);
  if (interval === 'year') return String(start.year);
  if (format && t && format.locale !== DEFAULT_LOCALE) {
    return interval === 'quarter'
      ? t('reports:period.quarter', { quarter: Math.ceil(start.month / 3), year: start.year })
      : t('reports:period.month', {
          month: format.monthName(start.month, 'short'),
          year: start.year,
        });
  }
  if (interval === 'quarter') return `Q${Math.ceil(start.month / 3)} ${start.year}`;
  return `${MONTHS[start.month - 1] ?? ''} ${start.year}`;
}
