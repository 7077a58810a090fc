import { describe, expect, it } from 'vitest';
import { formatMoney, fromMinorUnits, hasAtMostTwoDecimals, toMinorUnits } from './money';

describe('money', () => {
  it('converts decimal amounts to integer cents without float noise', () => {
    expect(toMinorUnits(12.5)).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(1_000_000.01)).toBe(100_000_001);
  });

  it('converts cents back, from numbers, bigints and strings', () => {
    expect(fromMinorUnits(1999)).toBe(19.99);
    expect(fromMinorUnits(10n)).toBe(0.1);
    expect(fromMinorUnits('-250')).toBe(-2.5);
  });

  it('knows when an amount has more than two decimals', () => {
    expect(hasAtMostTwoDecimals(12)).toBe(true);
    expect(hasAtMostTwoDecimals(12.5)).toBe(true);
    expect(hasAtMostTwoDecimals(19.99)).toBe(true);
    expect(hasAtMostTwoDecimals(12.505)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.POSITIVE_INFINITY)).toBe(false);
  });

  it('formats en-US with the chosen currency', () => {
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
    expect(formatMoney(-5, 'INR')).toBe('-₹5.00');
  });

  it('builds one formatter per currency, not one per amount', () => {
    let constructed = 0;
    const counting = new Proxy(Intl.NumberFormat, {
      construct(target, args: ConstructorParameters<typeof Intl.NumberFormat>) {
        constructed++;
        return new target(...args);
      },
    });
    const original = Intl.NumberFormat;
    const replace = (value: typeof Intl.NumberFormat) =>
      Object.defineProperty(Intl, 'NumberFormat', { value, configurable: true, writable: true });
    replace(counting);
    try {
      for (let cents = 0; cents < 50; cents++) formatMoney(cents / 100, 'CHF');
      expect(formatMoney(2.5, 'CHF')).toBe('CHF\u00a02.50');
      expect(formatMoney(2.5, 'GBP')).toBe('£2.50');
      expect(constructed).toBeGreaterThan(0);
      expect(constructed).toBeLessThanOrEqual(2);
    } finally {
      replace(original);
    }
  });

  it('rejects an unknown currency code every time', () => {
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
  });
});
