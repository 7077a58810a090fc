/**
 * Calendar dates are 'YYYY-MM-DD' strings end to end (docs/architecture.md, Layers). These helpers
 * never go through a UTC Date and back, which would shift days across time zones.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/**
 * Formatters by time zone: building an Intl.DateTimeFormat costs far more than using one, and
 * the server asks for "today" on every chart request. Zone names are few, but spellings differ
 * in case, so the cache starts over rather than grow without end.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const MAX_DAY_FORMATTERS = 1000;

function dayFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD. An unknown zone throws here, before anything is cached.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormatters.size >= MAX_DAY_FORMATTERS) dayFormatters.clear();
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Today's date in an IANA time zone, e.g. '2026-11-21'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayFormatter(timeZone).format(now);
}

/**
 * Adds whole days to a calendar date (negative to go back), in day numbers: a Date would read
 * years 0–99 as 1900–1999. The result may leave the calendar API dates use (years 1–9999):
 * callers check it with isCalendarDate where input decides how far it goes.
 */
export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** Every date from `from` to `to`, both included, oldest first (counted, not compared as text). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  const last = toDayNumber(to);
  for (let day = toDayNumber(from); day <= last; day += 1) dates.push(fromDayNumber(day));
  return dates;
}

/** The year, month (1–12) and day of a 'YYYY-MM-DD' date. */
export function dateParts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** 'YYYY-MM-DD' from its parts (the parts must form a real date). */
export function dateFromParts(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Days since 1970-01-01 (negative before), in pure integer arithmetic on the proleptic
 * Gregorian calendar (H. Hinnant's days_from_civil): no Date object, no time zone.
 */
export function toDayNumber(date: string): number {
  const { year: calendarYear, month, day } = dateParts(date);
  // The computation counts years from March, so January and February belong to the year before.
  const year = calendarYear - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The inverse of `toDayNumber`. */
export function fromDayNumber(dayNumber: number): string {
  const shifted = dayNumber + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return dateFromParts(year, month, day);
}
