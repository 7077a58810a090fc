import { dateFromParts, dateParts, daysInMonth, fromDayNumber, toDayNumber } from './calendar-date';

/**
 * Recurrence arithmetic on 'YYYY-MM-DD' calendar dates (docs/api.md, General rules, "Recurring
 * transactions"). Occurrence 0 is the start date; occurrence n is n days / weeks / months / years
 * later. Months and years stay anchored on the start's day, clamped to the month's length: a rule
 * starting on Jan 31 falls on Feb 28 (29), then Mar 31 again; one starting on Feb 29 falls on Feb
 * 28 in common years. Everything is integer arithmetic by index: no day-by-day loops, no Date.
 */
export const FREQUENCIES = ['daily', 'weekly', 'monthly', 'annually'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export interface Recurrence {
  startDate: string;
  frequency: Frequency;
  /** Every `interval` days, weeks, months or years (every 2 weeks, every 3 months); 1 if left out. */
  interval?: number;
}

const stepOf = (rule: Recurrence) => rule.interval ?? 1;

/** Month count since year 0, so that months can be added with plain integers. */
function monthIndex(year: number, month: number): number {
  return year * 12 + (month - 1);
}

/** The occurrence with this index (0 = the start date). */
export function nthOccurrence(rule: Recurrence, index: number): string {
  const start = dateParts(rule.startDate);
  const step = stepOf(rule);
  switch (rule.frequency) {
    case 'daily':
      return fromDayNumber(toDayNumber(rule.startDate) + step * index);
    case 'weekly':
      return fromDayNumber(toDayNumber(rule.startDate) + 7 * step * index);
    case 'monthly': {
      const target = monthIndex(start.year, start.month) + step * index;
      const year = Math.floor(target / 12);
      const month = target - year * 12 + 1;
      return dateFromParts(year, month, Math.min(start.day, daysInMonth(year, month)));
    }
    case 'annually': {
      const year = start.year + step * index;
      return dateFromParts(year, start.month, Math.min(start.day, daysInMonth(year, start.month)));
    }
  }
}

/** The index of the first occurrence strictly after `date`. */
export function occurrenceIndexAfter(rule: Recurrence, date: string): number {
  if (date < rule.startDate) return 0;
  const start = dateParts(rule.startDate);
  const target = dateParts(date);
  const step = stepOf(rule);
  const days = toDayNumber(date) - toDayNumber(rule.startDate);
  let index: number;
  switch (rule.frequency) {
    case 'daily':
      return Math.floor(days / step) + 1;
    case 'weekly':
      return Math.floor(days / (7 * step)) + 1;
    case 'monthly':
      // The last occurrence in or before the date's own month; if it is not after the date,
      // the next one is.
      index = Math.floor(
        (monthIndex(target.year, target.month) - monthIndex(start.year, start.month)) / step,
      );
      break;
    case 'annually':
      index = Math.floor((target.year - start.year) / step);
      break;
  }
  return nthOccurrence(rule, index) > date ? index : index + 1;
}

/** The first occurrence strictly after `date` (the start date when `date` is before it). */
export function firstOccurrenceAfter(rule: Recurrence, date: string): string {
  return nthOccurrence(rule, occurrenceIndexAfter(rule, date));
}

/**
 * The occurrences in [from, to], both included, oldest first; at most `limit` of them (the
 * earliest), so that callers can work through a long backlog in bounded steps.
 */
export function occurrencesBetween(
  rule: Recurrence,
  from: string,
  to: string,
  limit = Number.POSITIVE_INFINITY,
): string[] {
  const dates: string[] = [];
  const dayBefore = fromDayNumber(toDayNumber(from) - 1);
  for (let index = occurrenceIndexAfter(rule, dayBefore); dates.length < limit; index++) {
    const date = nthOccurrence(rule, index);
    if (date > to) break;
    dates.push(date);
  }
  return dates;
}
