import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
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

  it('writes every currency of Moneta exactly as Intl.NumberFormat does', () => {
    // Ties that binary floating point hides (1.005 is 1.00499…: Intl rounds the decimal 1.005
    // up, toFixed down), signs of what rounds to zero, carries, and amounts past a trillion.
    const amounts = [
      0,
      -0,
      0.004,
      -0.004,
      0.005,
      -0.005,
      0.01,
      0.1,
      0.125,
      0.5,
      1.005,
      1.015,
      2.675,
      8.345,
      9.995,
      99.995,
      999.5,
      1234.5,
      999_999.995,
      1_000_000,
      12_345_678.9,
      -1234.56,
      2 ** 53,
      123_456_789_012_345.67,
      1e20,
      0.000001,
    ];
    // And a deterministic spread of cents and half-cents.
    let seed = 7;
    for (let index = 0; index < 500; index++) {
      seed = (seed * 48_271) % 2_147_483_647;
      amounts.push(((seed % 20_000_001) - 10_000_000) / (index % 2 ? 100 : 1000));
    }
    for (const { code } of CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      for (const amount of amounts)
        expect([code, amount, formatMoney(amount, code)]).toEqual([
          code,
          amount,
          intl.format(amount),
        ]);
    }
  });

  it('leaves what it does not write itself to Intl.NumberFormat', () => {
    const intl = (amount: number, code: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, -Infinity, 1e21, 1e-7])
      expect(formatMoney(amount, 'USD')).toBe(intl(amount, 'USD'));
    expect(formatMoney(2.5, 'CHF')).toBe('CHF\u00a02.50');
    expect(formatMoney(-1234.5, 'MYR')).toBe(intl(-1234.5, 'MYR'));
  });

  it('builds one Intl formatter per other currency, not one per amount', () => {
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
      for (let cents = 0; cents < 50; cents++) formatMoney(cents / 100, 'SEK');
      expect(formatMoney(2.5, 'NOK')).toBe('NOK\u00a02.50');
      // Moneta's own currencies need no Intl at all.
      expect(formatMoney(2.5, 'GBP')).toBe('£2.50');
      expect(formatMoney(1234, 'JPY')).toBe('¥1,234');
      expect(constructed).toBe(2);
    } finally {
      replace(original);
    }
  });

  it('rejects an unknown currency code every time', () => {
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
    // Names every object has are not currencies either.
    expect(() => formatMoney(1, 'constructor')).toThrow(RangeError);
  });
});
