import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
import {
  currencyDecimals,
  formatMoney,
  fromMinorUnits,
  fromStoredHundredths,
  hasAtMostDecimals,
  readDecimalText,
  toMinorUnits,
  toStoredHundredths,
} from './money';

describe('money: stored hundredths and minor units', () => {
  it('stores decimal amounts as integer hundredths without float noise', () => {
    expect(toStoredHundredths(12.5)).toBe(1250);
    expect(toStoredHundredths(0.1 + 0.2)).toBe(30);
    expect(toStoredHundredths(19.99)).toBe(1999);
    expect(toStoredHundredths(1_000_000.01)).toBe(100_000_001);
  });

  it('reads stored hundredths back, from numbers, bigints and strings', () => {
    expect(fromStoredHundredths(1999)).toBe(19.99);
    expect(fromStoredHundredths(10n)).toBe(0.1);
    expect(fromStoredHundredths('-250')).toBe(-2.5);
  });

  it('stores every currency in hundredths until amounts move to their own minor units', () => {
    // A JPY user's ¥1,200 is stored as 120000 today, as before.
    expect(toStoredHundredths(1200)).toBe(120_000);
    expect(fromStoredHundredths(120_000)).toBe(1200);
  });

  it('knows when an amount has more than two decimals', () => {
    expect(hasAtMostDecimals(12, 2)).toBe(true);
    expect(hasAtMostDecimals(12.5, 2)).toBe(true);
    expect(hasAtMostDecimals(19.99, 2)).toBe(true);
    expect(hasAtMostDecimals(12.505, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.NaN, 2)).toBe(false);
    expect(hasAtMostDecimals(Number.POSITIVE_INFINITY, 2)).toBe(false);
  });

  it('knows when an amount has more decimals than any given number', () => {
    expect(hasAtMostDecimals(1200, 0)).toBe(true);
    expect(hasAtMostDecimals(1200.5, 0)).toBe(false);
    expect(hasAtMostDecimals(1.234, 3)).toBe(true);
    expect(hasAtMostDecimals(1.2345, 3)).toBe(false);
  });

  it('knows the minor-unit digits of every currency', () => {
    expect(currencyDecimals('USD')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('ISK')).toBe(0);
    expect(currencyDecimals('KRW')).toBe(0);
    expect(currencyDecimals('CHF')).toBe(2);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('not a code')).toBe(2);
    expect(currencyDecimals('constructor')).toBe(2);
    for (const { code, decimals } of CURRENCIES) {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      expect([code, decimals]).toEqual([code, intl.resolvedOptions().maximumFractionDigits]);
    }
  });

  it('converts amounts to and from the minor units of their own currency', () => {
    expect(toMinorUnits(12.5, 'USD')).toBe(1250);
    expect(toMinorUnits(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnits(1200, 'JPY')).toBe(1200);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(fromMinorUnits(1999, 'USD')).toBe(19.99);
    expect(fromMinorUnits(10n, 'GBP')).toBe(0.1);
    expect(fromMinorUnits('1200', 'JPY')).toBe(1200);
    expect(fromMinorUnits(-250, 'ISK')).toBe(-250);
  });

  it('reads plain decimal text, counting the decimals it really has', () => {
    expect(readDecimalText('12.50')).toEqual({ value: 12.5, decimals: 1 });
    expect(readDecimalText('.5')).toEqual({ value: 0.5, decimals: 1 });
    expect(readDecimalText(' -3 ')).toEqual({ value: -3, decimals: 0 });
    expect(readDecimalText('12.345')).toEqual({ value: 12.345, decimals: 3 });
    expect(readDecimalText('-0')).toEqual({ value: 0, decimals: 0 });
    for (const text of ['', '.', '-', '12.', '1,234.56', '1e5', '0x1A', '١٢', '1.2.3', '+5'])
      expect([text, readDecimalText(text)]).toEqual([text, undefined]);
    // More digits than a number keeps exactly is refused, never rounded.
    expect(readDecimalText('1.0000000000000000001')).toBeUndefined();
    expect(readDecimalText('9007199254740993')).toBeUndefined();
  });
});

describe('money: formatting', () => {
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
