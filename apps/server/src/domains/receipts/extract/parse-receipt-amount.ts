import { groupedDigits } from '@moneta/shared/typed-amount';

/**
 * Amounts as printed on receipts: "$1,234.56", "RM 12.50", "RM12.50", "1.234,56 €", "¥1,200",
 * "12,50". Returns the value in major units, or null when the text is not one amount.
 */

// Currencies printed without minor units: a lone "1,200" after them is twelve hundred.
const ZERO_DECIMAL_MARKS = /[¥₩￥円]|\b(?:JPY|KRW|YEN)\b/i;
const CURRENCY_MARKS =
  /(?:US\$|S\$|A\$|C\$|R\$|RM|MYR|SGD|USD|EURO?|GBP|AUD|CAD|JPY|KRW|YEN|INR|Rs\.?|[$€£¥₩₹￥])/gi;

export function hasZeroDecimalCurrency(text: string): boolean {
  return ZERO_DECIMAL_MARKS.test(text);
}

export function parseReceiptAmount(
  raw: string,
  options: { zeroDecimal?: boolean } = {},
): number | null {
  const zeroDecimal = options.zeroDecimal ?? hasZeroDecimalCurrency(raw);
  let text = raw.replace(CURRENCY_MARKS, '').replace(/\s+/g, ' ').trim();
  // "-2,00" and "2,00-" are negative; "- 27,63" is a leader between a keyword and its amount.
  const isNegative = /^-(?!\s)|-$|^\(.*\)$/.test(text);
  text = text.replace(/^[-(]\s*|\s*[-)]$/g, '');
  if (!/^\d[\d.,' ]*$/.test(text)) return null;
  text = text.replace(/ (?=\d{3}\b)/g, "'");
  if (/\s/.test(text)) return null;

  const lastSep = Math.max(text.lastIndexOf('.'), text.lastIndexOf(','));
  let value: number;
  if (lastSep === -1) {
    value = Number(text);
  } else {
    const decimals = text.length - lastSep - 1;
    const head = text.slice(0, lastSep);
    const headSeparators = head.replace(/\d/g, '');
    const isDecimal =
      decimals > 0 &&
      decimals <= 2 &&
      !(zeroDecimal && decimals === 3) &&
      headSeparators !== text[lastSep];
    if (isDecimal) {
      // Everything before the decimal separator must be digits grouped by threes.
      const whole = groupedDigits(head);
      if (whole === undefined) return null;
      value = Number(`${whole}.${text.slice(lastSep + 1)}`);
    } else {
      const whole = groupedDigits(text);
      if (whole === undefined) return null;
      value = Number(whole);
    }
  }
  if (!Number.isFinite(value)) return null;
  return isNegative ? -value : value;
}
