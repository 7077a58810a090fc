import type { ReceiptLine } from '../ocr/receipt-lines';
import { extractCurrency } from './extract-currency';
import { extractDate } from './extract-date';
import { extractMerchant } from './extract-merchant';
import { extractTotal } from './extract-total';
import { guessCategory } from './guess-category';
import { checkReading, type ReadingHints, type ReceiptReading } from './receipt-reading';

/** Turns a receipt's lines (OCR or PDF text layer) into the fields of an expense. */
export function extractFields(
  lines: ReceiptLine[],
  hints: ReadingHints = {},
  source: ReceiptReading['source'] = 'ocr',
): ReceiptReading {
  const merchant = extractMerchant(lines);
  const found = {
    merchant,
    total: extractTotal(lines),
    date: extractDate(lines, hints),
    category: guessCategory(merchant?.value ?? null, lines),
    currency: extractCurrency(lines, hints),
  };
  return {
    ...checkReading(found, hints),
    text: lines.map((l) => l.text).join('\n'),
    source,
  };
}
