import { extractDate, type DateHints } from './extract-date';
import { extractMerchant } from './extract-merchant';
import { extractTotal } from './extract-total';
import { guessCategory, type MerchantCategory } from './guess-category';
import type { ReceiptLine } from '../ocr/receipt-lines';

export interface ReadingHints {
  /** The user's today (YYYY-MM-DD in their time zone): later dates are implausible. */
  today?: string;
  /** The user's past expenses: the category they gave the same merchant wins. */
  merchantCategories?: readonly MerchantCategory[];
}

export interface ReceiptReading {
  merchant: string | null;
  total: number | null;
  /** YYYY-MM-DD */
  date: string | null;
  category: string;
  /** How sure each field is, 0–1 (0 when the field was not found). */
  confidence: { merchant: number; total: number; date: number; category: number };
  /** The text the fields were read from, line by line. */
  text: string;
  source: 'ocr' | 'pdf-text' | 'ai';
  /** A PDF's page 1 rendered as a PNG, to show as the receipt's picture. */
  pagePng?: Buffer;
}

/** Turns a receipt's lines (OCR or PDF text layer) into the fields of an expense. */
export function extractFields(
  lines: ReceiptLine[],
  hints: ReadingHints = {},
  source: ReceiptReading['source'] = 'ocr',
): ReceiptReading {
  const dateHints: DateHints = hints.today ? { today: hints.today } : {};
  const merchant = extractMerchant(lines);
  const total = extractTotal(lines);
  const date = extractDate(lines, dateHints);
  const category = guessCategory(merchant?.value ?? null, lines, hints.merchantCategories);
  return {
    merchant: merchant?.value ?? null,
    total: total?.value ?? null,
    date: date?.value ?? null,
    category: category.value,
    confidence: {
      merchant: merchant?.confidence ?? 0,
      total: total?.confidence ?? 0,
      date: date?.confidence ?? 0,
      category: category.confidence,
    },
    text: lines.map((l) => l.text).join('\n'),
    source,
  };
}
