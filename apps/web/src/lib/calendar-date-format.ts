import { dateParts } from '@moneta/shared/calendar-date';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'YYYY-MM-DD' → 'Mar 10, 2026', from the date's own parts: going through `new Date(...)` would
 * read it as UTC midnight and show the day before west of Greenwich.
 */
export function formatCalendarDate(date: string): string {
  const { year, month, day } = dateParts(date);
  const monthName = MONTHS[month - 1];
  if (!monthName || !Number.isInteger(year) || !Number.isInteger(day)) return date;
  return `${monthName} ${day}, ${year}`;
}

/** 'YYYY-MM-DD' → 'Mar 10', for chart axes. */
export function formatShortCalendarDate(date: string): string {
  const { month, day } = dateParts(date);
  const monthName = MONTHS[month - 1];
  return monthName ? `${monthName} ${day}` : date;
}
