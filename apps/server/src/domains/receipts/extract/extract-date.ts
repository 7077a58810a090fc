import type { ReceiptLine } from '../ocr/receipt-lines';
import { isPlausibleDate, isValidDate, type Extracted, type ReadingHints } from './receipt-reading';

export type DateOrder = 'day-first' | 'month-first';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
// OCR reads the letter O as a zero often enough ("10 0CT 2017") that both are accepted.
const MONTH_NAME =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|[o0]ct(?:[o0]ber)?|n[o0]v(?:ember)?|dec(?:ember)?)';
const monthNumber = (name: string) => MONTHS[name.slice(0, 3).toLowerCase().replace('0', 'o')] ?? 0;

// Digits glued to a time ("25/12/20188:13:39PM") are common in OCR output, so a year may be
// followed directly by more digits: the 4-digit reading is tried first, then the 2-digit one.
const NUMERIC = /(?<!\d)(\d{1,2})\s?([/.-])\s?(\d{1,2})\s?\2\s?(\d{4}|\d{2})/g;
const NUMERIC_SPACED = /(?<!\d)(\d{1,2}) (\d{1,2}) (\d{4})(?!\d)/g;
// OCR may misread a separator ("27.03/2018") or add a speck to one ("12-02.-2018"): mixed
// separators, with a 4-digit year only.
const NUMERIC_MIXED = /(?<!\d)(\d{1,2})\s?[/.-]{1,2}\s?(\d{1,2})\s?[/.-]{1,2}\s?(\d{4})/g;
const ISO = /(?<!\d)(\d{4})([/.-])(\d{1,2})\2(\d{2}(?=\d{1,2}:)|\d{1,2}(?!\d))/g;
// East Asian receipts: 2024年1月5日.
const YEAR_MONTH_DAY_CJK = /(\d{4})\s?(年)\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日/g;
const DAY_MONTH_NAME = new RegExp(
  `(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?[\\s./\\-]*${MONTH_NAME}[a-z]*[\\s.,/\\-']*(\\d{4}|\\d{2})`,
  'gi',
);
const MONTH_NAME_DAY = new RegExp(
  `(?<![a-z])${MONTH_NAME}[a-z]*[\\s./\\-]*(\\d{1,2})(?:st|nd|rd|th)?[\\s.,/\\-']+(\\d{4}|\\d{2})`,
  'gi',
);

interface DateCandidate {
  year: number;
  month: number;
  day: number;
  lineIndex: number;
  /** Whether the order of day and month was a guess between two valid readings. */
  isAmbiguous: boolean;
  /** A 2-digit year read off the front of more digits that are not a time ("16/09/017"). */
  isDoubtful?: boolean;
  hasNamedMonth: boolean;
}

/** The user's today (later dates are implausible), currency and zone (the order of a date). */
export type DateHints = Pick<ReadingHints, 'today' | 'currency' | 'timeZone'> & {
  order?: DateOrder;
};

// Receipts of day-first countries: Malaysia and Singapore, the UK, Australia, the euro
// countries (their currency, VAT words, legal forms and total words), Japan's yen.
const DAY_FIRST_RECEIPT =
  /\b(RM|MYR|SDN\.? ?BHD|BHD|GST|SST|VAT|MALAYSIA|SINGAPORE|LTD|GMBH|S\.?A\.?R\.?L|UK|AUSTRALIA|ABN|EUR|EURO|MWST|UST|USt-IdNr|TVA|IVA|BTW|SUMME|ZU ZAHLEN|TOTALE|TTC|S\.?P\.?A|S\.?L|JPY)\b|[£€¥円]/i;
const US_STATE =
  /\b(SALES TAX|USA|[A-Z]{2} \d{5}(?:-\d{4})?|AL|AK|AZ|CA|CT|FL|GA|IL|MA|MI|MN|NJ|NY|NC|OH|PA|TX|VA|WA|WI)\b/;

/** Whether the user reads dates month first: dollars (USD) and an American time zone. */
function isMonthFirstUser(hints: DateHints): boolean {
  return hints.currency === 'USD' && /^(America|US)\//.test(hints.timeZone ?? '');
}

/**
 * The order of day and month on this receipt: its own country when it shows one (dollars and a
 * US state or sales tax: month first; the currencies, tax words and legal forms of day-first
 * countries: day first), else the user's (month first for USD with an American zone), else day
 * first.
 */
export function guessDateOrder(text: string, hints: DateHints = {}): DateOrder {
  const dayFirst = DAY_FIRST_RECEIPT.test(text);
  const monthFirst = /\$/.test(text) && US_STATE.test(text.toUpperCase());
  if (monthFirst !== dayFirst) return monthFirst ? 'month-first' : 'day-first';
  return isMonthFirstUser(hints) ? 'month-first' : 'day-first';
}

function expandYear(year: string): number {
  const value = Number(year);
  return year.length === 2 ? 2000 + value : value;
}

function numericCandidates(
  a: number,
  b: number,
  yearText: string,
  lineIndex: number,
  order: DateOrder,
  isGluedToTime: boolean,
): DateCandidate | null {
  // A 4-digit "year" glued to a colon is a 2-digit year and an hour: "20.07.2011:03".
  const years =
    yearText.length === 4
      ? isGluedToTime
        ? [yearText.slice(0, 2)]
        : [yearText, yearText.slice(0, 2)]
      : [yearText];
  for (const y of years) {
    const year = expandYear(y);
    const dayFirst = isValidDate(year, b, a);
    const monthFirst = isValidDate(year, a, b);
    if (!dayFirst && !monthFirst) continue;
    const isAmbiguous = dayFirst && monthFirst && a !== b;
    const useDayFirst = dayFirst && (!monthFirst || order === 'day-first');
    return {
      year,
      month: useDayFirst ? b : a,
      day: useDayFirst ? a : b,
      lineIndex,
      isAmbiguous,
      hasNamedMonth: false,
    };
  }
  return null;
}

function findCandidates(line: string, lineIndex: number, order: DateOrder): DateCandidate[] {
  const found: DateCandidate[] = [];
  for (const m of [...line.matchAll(ISO), ...line.matchAll(YEAR_MONTH_DAY_CJK)]) {
    const [year, month, day] = [Number(m[1]), Number(m[3]), Number(m[4])];
    if (isValidDate(year, month, day)) {
      found.push({ year, month, day, lineIndex, isAmbiguous: false, hasNamedMonth: false });
    }
  }
  for (const pattern of [NUMERIC, NUMERIC_SPACED, NUMERIC_MIXED]) {
    for (const m of line.matchAll(pattern)) {
      const parts = pattern === NUMERIC ? [m[1], m[3], m[4]] : [m[1], m[2], m[3]];
      const rest = line.slice((m.index ?? 0) + m[0].length);
      // "24.12.08:00-14:00": a day, a month and a time (opening hours), no year.
      if ((parts[2] ?? '').length === 2 && /^:\d{2}/.test(rest)) continue;
      const candidate = numericCandidates(
        Number(parts[0]),
        Number(parts[1]),
        parts[2] ?? '',
        lineIndex,
        order,
        /^:\d{2}/.test(rest),
      );
      if (!candidate) continue;
      const yearDigits = String(candidate.year).slice(2);
      const usedTwoDigits = !m[0].endsWith(String(candidate.year)) && m[0].endsWith(yearDigits);
      const tail =
        usedTwoDigits && (parts[2] ?? '').length === 4 ? (parts[2] ?? '').slice(2) + rest : rest;
      if (usedTwoDigits && /^\d/.test(tail) && !/^\d{1,2}:\d{2}/.test(tail))
        candidate.isDoubtful = true;
      found.push(candidate);
    }
  }
  for (const m of line.matchAll(DAY_MONTH_NAME)) {
    const month = monthNumber(m[2] ?? '');
    const yearText = m[3] ?? '';
    const years = yearText.length === 4 ? [yearText, yearText.slice(0, 2)] : [yearText];
    for (const y of years) {
      const year = expandYear(y);
      if (isValidDate(year, month, Number(m[1]))) {
        found.push({
          year,
          month,
          day: Number(m[1]),
          lineIndex,
          isAmbiguous: false,
          hasNamedMonth: true,
        });
        break;
      }
    }
  }
  for (const m of line.matchAll(MONTH_NAME_DAY)) {
    const month = monthNumber(m[1] ?? '');
    const year = expandYear(m[3] ?? '');
    if (isValidDate(year, month, Number(m[2]))) {
      found.push({
        year,
        month,
        day: Number(m[2]),
        lineIndex,
        isAmbiguous: false,
        hasNamedMonth: true,
      });
    }
  }
  return found;
}

const pad = (value: number) => String(value).padStart(2, '0');
const toIso = (c: DateCandidate) => `${c.year}-${pad(c.month)}-${pad(c.day)}`;

// Lines that carry another date than the purchase's (validity, expiry, best before).
const OTHER_DATE_LINE =
  /\b(EXP|EXPIR|VALID|BEST BEFORE|USE BY|DUE DATE|UNTIL|BIRTH|DOB|RETURN|THRU|AS OF|BALANCES?|G[UÜ]LTIG|MHD|ABLAUF|SCADENZA|VENCE|CADUC)|期限/i;
const DATE_LABEL = /\b(DATE|DATED|DT|TARIKH|DATUM|DAT|FECHA|DATA)\b|DATE|DATUM|日付/i;

/**
 * The purchase date: every date-shaped text on the receipt is a candidate; the ones in the
 * future (after hints.today) or on expiry/validity lines are dropped, a labelled one
 * ("Date: ...") is preferred, then the first one printed.
 */
export function extractDate(lines: ReceiptLine[], hints: DateHints = {}): Extracted<string> | null {
  const order = hints.order ?? guessDateOrder(lines.map((l) => l.text).join('\n'), hints);
  let best: { candidate: DateCandidate; score: number } | null = null;
  lines.forEach((line, index) => {
    for (const candidate of findCandidates(line.text, index, order)) {
      const iso = toIso(candidate);
      if (!isPlausibleDate(iso, hints.today)) continue;
      let score = 1 - Math.min(index, 60) / 200;
      if (DATE_LABEL.test(line.text)) score += 0.5;
      if (OTHER_DATE_LINE.test(line.text)) score -= 1;
      if (candidate.isAmbiguous) score -= 0.1;
      if (candidate.isDoubtful) score -= 0.8;
      if (hints.today && iso < String(Number(hints.today.slice(0, 4)) - 10)) score -= 0.5;
      if (!best || score > best.score) best = { candidate, score };
    }
  });
  if (!best) return null;
  const { candidate, score } = best as { candidate: DateCandidate; score: number };
  const confidence = Math.max(0.2, Math.min(0.95, 0.55 + score * 0.3));
  return {
    value: toIso(candidate),
    confidence: candidate.isAmbiguous ? confidence * 0.8 : confidence,
  };
}
