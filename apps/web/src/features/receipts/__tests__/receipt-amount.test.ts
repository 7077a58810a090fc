import { describe, expect, it } from 'vitest';
import { localeFormat } from '@/lib/i18n/locale-format';
import { formatReceiptAmount } from '../utils/receipt-file';

describe('formatReceiptAmount', () => {
  it('writes en-US exactly as before: the original format, two decimals', () => {
    const format = localeFormat('en-US');
    expect(formatReceiptAmount(format, 8.37, 'USD')).toBe('$8.37');
    expect(formatReceiptAmount(format, 1250, 'USD')).toBe('$1,250.00');
  });

  it('keeps two decimals even in a currency shown without them (what was read, to the cent)', () => {
    expect(formatReceiptAmount(localeFormat('en-US'), 1250, 'JPY')).toBe('¥1,250.00');
    expect(formatReceiptAmount(localeFormat('ja-JP'), 1250, 'JPY')).toBe('￥1,250.00');
  });

  it("writes the number the user's locale's way", () => {
    expect(formatReceiptAmount(localeFormat('de-DE'), 1234.5, 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatReceiptAmount(localeFormat('fr-FR'), 8.37, 'EUR')).toBe('8,37\u00a0€');
  });
});
