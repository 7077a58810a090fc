// Receipts of the seven currencies' countries: the locale rules of the extraction,
// each on made-up receipts in the layouts those countries print.
//
// Shared by receipt-reading-world.test.ts, receipt-reading-world-merchant.test.ts, receipt-reading-
// world-layouts.test.ts: the helpers they read receipts with.
import { extractTotal } from '../../../src/domains/receipts/extract/extract-total';
import { toReceiptLines } from '../../../src/domains/receipts/ocr/receipt-lines';

export const lines = (...texts: string[]) => toReceiptLines(texts.join('\n'));

export const total = (...texts: string[]) => extractTotal(lines(...texts))?.value ?? null;
