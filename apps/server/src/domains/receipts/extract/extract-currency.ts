import type { ReceiptLine } from '../ocr/receipt-lines';
import type { ReadingHints } from './receipt-reading';

// Symbols and codes as receipts print them. "$" alone is not here: it is several currencies.
const CURRENCY_MARKS: ReadonlyArray<readonly [code: string, mark: RegExp]> = [
  ['EUR', /€|\bEUR(?:OS?)?\b/gi],
  ['GBP', /£|\bGBP\b/gi],
  ['JPY', /[¥￥円]|\bJPY\b/gi],
  ['INR', /₹|\bINR\b|\bRS\.?\s?(?=\d)/gi],
  ['MYR', /\bRM\s?(?=\d)|\bMYR\b|\bRM$/gim],
  ['USD', /\bUSD\b|\bUS\$/gi],
  ['CAD', /\bCAD\b|\bC\$/gi],
  ['AUD', /\bAUD\b|\bA\$/gi],
  ['SGD', /\bSGD\b|\bS\$/gi],
];
const DOLLAR = /\$/;
const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD']);

/**
 * The ISO code of the currency the receipt is printed in: the symbol or code it prints most. A
 * bare "$" is the user's own dollar (USD, CAD or AUD), else USD. Null when it prints none: the
 * user's currency is not evidence of the receipt's.
 */
export function extractCurrency(
  lines: readonly ReceiptLine[],
  hints: Pick<ReadingHints, 'currency'> = {},
): string | null {
  const text = lines.map((line) => line.text).join('\n');
  let best: { code: string; count: number } | null = null;
  for (const [code, mark] of CURRENCY_MARKS) {
    const count = text.match(mark)?.length ?? 0;
    if (count > 0 && (!best || count > best.count)) best = { code, count };
  }
  if (best) return best.code;
  if (!DOLLAR.test(text)) return null;
  return hints.currency && DOLLAR_CURRENCIES.has(hints.currency) ? hints.currency : 'USD';
}
