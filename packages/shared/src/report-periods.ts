import { daysInMonth, dateParts, dateFromParts } from './calendar-date';

/**
 * A report's periods: how a range is cut into months, quarters or years. Apart from the
 * report schemas (which re-export it) and free of zod, so that the Reports page reads its
 * choices from the address without loading the validation library for its first render.
 */

/** How a report cuts its range (docs/reports.md). */
export const REPORT_INTERVALS = ['month', 'quarter', 'year'] as const;
export type ReportInterval = (typeof REPORT_INTERVALS)[number];

/** One period of a report, its first and last day. */
export type ReportPeriod = { start: string; end: string };

/** The first day of the interval's period that holds `date`. */
export function periodStart(date: string, interval: ReportInterval): string {
  const { year, month } = dateParts(date);
  if (interval === 'year') return dateFromParts(year, 1, 1);
  if (interval === 'quarter') return dateFromParts(year, month - ((month - 1) % 3), 1);
  return dateFromParts(year, month, 1);
}

/** The last day of the interval's period that starts on `start`. */
function periodEnd(start: string, interval: ReportInterval): string {
  const { year, month } = dateParts(start);
  const lastMonth = interval === 'year' ? 12 : interval === 'quarter' ? month + 2 : month;
  return dateFromParts(year, lastMonth, daysInMonth(year, lastMonth));
}

/**
 * Every period of the interval from `from` to `to`, each cut to the range: the first starts on
 * `from`, the last ends on `to` (a period's `end` is its last day). `key` is the calendar
 * period's first day, which the SQL groups by (date_trunc).
 */
export function reportPeriods(
  from: string,
  to: string,
  interval: ReportInterval,
): Array<ReportPeriod & { key: string }> {
  const periods: Array<ReportPeriod & { key: string }> = [];
  let key = periodStart(from, interval);
  while (key <= to) {
    const end = periodEnd(key, interval);
    periods.push({ key, start: key < from ? from : key, end: end > to ? to : end });
    const next = dateParts(end);
    key =
      next.month === 12
        ? dateFromParts(next.year + 1, 1, 1)
        : dateFromParts(next.year, next.month + 1, 1);
  }
  return periods;
}

/** The default range: the last 12 whole months before `today`'s month. */
export function lastTwelveMonths(today: string): { from: string; to: string } {
  const { year, month } = dateParts(today);
  const toYear = month === 1 ? year - 1 : year;
  const toMonth = month === 1 ? 12 : month - 1;
  return {
    from: dateFromParts(year - 1, month, 1),
    to: dateFromParts(toYear, toMonth, daysInMonth(toYear, toMonth)),
  };
}
