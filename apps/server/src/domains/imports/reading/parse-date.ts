import { daysInMonth, IMPORT_DATE_FORMATS, type ImportDateFormat } from '@moneta/shared';

interface Pattern {
  regex: RegExp;
  /** Which capture group holds the year, the month and the day. */
  order: [year: number, month: number, day: number];
}

const YEAR_LAST = (separator: string) =>
  new RegExp(`^(\\d{1,2})\\${separator}(\\d{1,2})\\${separator}(\\d{4}|\\d{2})$`);
const YEAR_FIRST = (separator: string) =>
  new RegExp(`^(\\d{4})\\${separator}(\\d{1,2})\\${separator}(\\d{1,2})$`);

const PATTERNS: Record<ImportDateFormat, Pattern> = {
  'YYYY-MM-DD': { regex: YEAR_FIRST('-'), order: [1, 2, 3] },
  'YYYY/MM/DD': { regex: YEAR_FIRST('/'), order: [1, 2, 3] },
  'DD.MM.YYYY': { regex: YEAR_LAST('.'), order: [3, 2, 1] },
  'DD/MM/YYYY': { regex: YEAR_LAST('/'), order: [3, 2, 1] },
  'MM/DD/YYYY': { regex: YEAR_LAST('/'), order: [3, 1, 2] },
  'DD-MM-YYYY': { regex: YEAR_LAST('-'), order: [3, 2, 1] },
};

/** A time after the date (`2026-03-05 14:22`, `2026-03-05T14:22:00Z`) is dropped. */
const TIME_SUFFIX =
  /(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?)$/i;

/** Quicken's mark for a year of the 2000s, its digits maybe space-padded: `6/1'04`, `1/3' 0`. */
const APOSTROPHE_YEAR = /'\s*(\d{1,2})$/;
/** Spaces around a separator: Quicken pads one-digit days and months (`1/ 1/10`). */
const PADDED_SEPARATOR = /\s*([/.-])\s*/g;

/**
 * A two-digit year in the window Windows (and so Quicken on it) reads by default, 1930–2029:
 * `6/1/94` is 1994, `01.03.26` 2026.
 */
const fullYear = (twoDigits: number) => (twoDigits < 30 ? 2000 : 1900) + twoDigits;

/**
 * A bank's date in the given format as YYYY-MM-DD, or null when it is not a real date in that
 * format. Day and month may have one digit (3/5/2026) or be space-padded (3/ 5/26); a
 * two-digit year is read in the window 1930–2029, or as 20xx after Quicken's apostrophe.
 */
export function parseDate(text: string, format: ImportDateFormat): string | null {
  let value = text.trim();
  // Most cells are a bare date: skip the clean-up they do not need (it runs on every row).
  if (value.length > 10 || value.includes("'") || value.includes(' ')) {
    value = value.replace(TIME_SUFFIX, '');
    value = value
      .replace(APOSTROPHE_YEAR, (_, year: string) => `/20${year.padStart(2, '0')}`)
      .replace(/'\s*/g, '/')
      .replace(PADDED_SEPARATOR, '$1');
  }
  const { regex, order } = PATTERNS[format];
  const match = regex.exec(value);
  if (!match) return null;
  const yearText = match[order[0]]!;
  const year = yearText.length === 2 ? fullYear(Number(yearText)) : Number(yearText);
  const month = Number(match[order[1]]);
  const day = Number(match[order[2]]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** The formats in which every one of `values` is a real date, in IMPORT_DATE_FORMATS order. */
export function formatsReading(values: Iterable<string>): ImportDateFormat[] {
  let candidates = [...IMPORT_DATE_FORMATS];
  for (const value of values) {
    candidates = candidates.filter((format) => parseDate(value, format) !== null);
    if (candidates.length === 0) break;
  }
  return candidates;
}

/**
 * The format to read a column of dates in: of those that read every value, the month-first
 * one only when the day-first one cannot, or when both can and the user writes month first.
 */
export function chooseDateFormat(
  candidates: ImportDateFormat[],
  monthFirst: boolean,
): ImportDateFormat | undefined {
  if (candidates.includes('DD/MM/YYYY') && candidates.includes('MM/DD/YYYY')) {
    return monthFirst ? 'MM/DD/YYYY' : 'DD/MM/YYYY';
  }
  return candidates[0];
}
