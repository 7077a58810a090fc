import type { CurrencyCode } from '@moneta/shared';
import { categoryFromHistory, type MerchantCategory } from './guess-category';

/** A field read from the receipt with how sure we are (0–1). */
export interface Extracted<T> {
  value: T;
  confidence: number;
}

export interface ReadingHints {
  /** The user's today (YYYY-MM-DD in their time zone): later dates are implausible. */
  today?: string;
  /** The user's past expenses: the category they gave the same merchant wins. */
  merchantCategories?: readonly MerchantCategory[];
  /** The user's currency: what a bare "$" means, and (with the zone) the order of a date. */
  currency?: CurrencyCode;
  /** The user's IANA time zone: with USD, an American zone reads 03/04 as March 4. */
  timeZone?: string;
}

export interface ReceiptReading {
  merchant: string | null;
  total: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  category: string;
  /** ISO 4217 code of the currency printed on the receipt, or null when it prints none. */
  currency: string | null;
  /** How sure each field is, 0–1 (0 when the field was not found). */
  confidence: { merchant: number; total: number; date: number; category: number };
  /** The text the fields were read from, line by line. */
  text: string;
  source: 'ocr' | 'pdf-text' | 'ai';
  /** A PDF's page 1 rendered as a PNG, to show as the receipt's picture. */
  pagePng?: Buffer;
}

/** What one reader (the local extraction or the AI endpoint) found, before the rules below. */
export interface FoundFields {
  merchant: Extracted<string> | null;
  total: Extracted<number> | null;
  date: Extracted<string> | null;
  /** The reader's own guess; the user's history may overrule it. */
  category: Extracted<string>;
  /** The currency printed on the receipt, as an ISO code. */
  currency?: string | null;
}

export type CheckedFields = Pick<
  ReceiptReading,
  'merchant' | 'total' | 'date' | 'category' | 'currency' | 'confidence'
>;

// Receipts older than this are misreadings (a phone number, a code), not purchase dates.
const EARLIEST_YEAR = 1990;
const LATEST_YEAR = 2099;

/** A real calendar day in the years a receipt can be from. */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (year < EARLIEST_YEAR || year > LATEST_YEAR || month < 1 || month > 12 || day < 1) {
    return false;
  }
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A YYYY-MM-DD date a purchase can have: a real day, not after the user's today. */
export function isPlausibleDate(iso: string, today?: string): boolean {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return isValidDate(year, month, day) && !(today && iso > today);
}

export const roundToCents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The rules every reading obeys, whoever read the receipt, so that the service gets the same
 * kind of answer from the local extraction and from the AI endpoint: a total is a positive
 * amount in whole cents, a date is plausible (see isPlausibleDate), and the category the user
 * gave the same merchant before wins over the reader's guess, and a currency is an ISO code. A
 * field that breaks its rule is dropped, and a dropped field has confidence 0.
 */
export function checkReading(found: FoundFields, hints: ReadingHints = {}): CheckedFields {
  const { merchant } = found;
  const total =
    found.total && found.total.value > 0
      ? { ...found.total, value: roundToCents(found.total.value) }
      : null;
  const date = found.date && isPlausibleDate(found.date.value, hints.today) ? found.date : null;
  const category =
    categoryFromHistory(merchant?.value ?? null, hints.merchantCategories) ?? found.category;
  return {
    merchant: merchant?.value ?? null,
    total: total?.value ?? null,
    date: date?.value ?? null,
    category: category.value,
    currency: found.currency && /^[A-Z]{3}$/.test(found.currency) ? found.currency : null,
    confidence: {
      merchant: merchant?.confidence ?? 0,
      total: total?.confidence ?? 0,
      date: date?.confidence ?? 0,
      category: category.confidence,
    },
  };
}
