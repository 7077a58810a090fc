import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EN_US_NUMBER_FORMAT,
  parseTypedAmount,
  typedAmountMessage,
  writeTypedAmount,
  type NumberFormat,
} from './typed-amount';

const DE_DE: NumberFormat = { decimal: ',', group: '.' };
const read = (text: string, format?: NumberFormat, allowNegative = false) =>
  parseTypedAmount(text, format, { allowNegative });

describe('parseTypedAmount', () => {
  it.each([
    ['2,95', 2.95],
    ['2.95', 2.95],
    ['1.234,56', 1234.56],
    ['1,234.56', 1234.56],
    ['1 234,56', 1234.56],
    ['1\u00a0234,56', 1234.56],
    ['1\u202f234,56', 1234.56],
    ["1'234.56", 1234.56],
    ['1\u2019234.56', 1234.56],
    ['.5', 0.5],
    [',5', 0.5],
    ['12', 12],
    ['12.', 12],
    ['  12.50  ', 12.5],
    ['0', 0],
    ['1,234,567.89', 1234567.89],
    ['1.234.567', 1234567],
    ['1,23,456.78', 123456.78],
    ['2.345,67', 2345.67],
    ['0,123', 0.123],
    ['1234,567', 1234.567],
    ['1,2345', 1.2345],
  ])('reads %j as %d', (text, value) => {
    expect(read(text)).toEqual({ ok: true, value });
  });

  it('reads a lone separator before exactly three digits as the user’s format says', () => {
    // en-US: "," groups thousands, "." is the decimal point.
    expect(read('1,234')).toEqual({ ok: true, value: 1234 });
    expect(read('1.234')).toEqual({ ok: true, value: 1.234 });
    expect(read('12,345')).toEqual({ ok: true, value: 12345 });
    // de-DE: the other way round.
    expect(read('1.234', DE_DE)).toEqual({ ok: true, value: 1234 });
    expect(read('1,234', DE_DE)).toEqual({ ok: true, value: 1.234 });
    // Not ambiguous: two decimals, or grouping already shown by a space.
    expect(read('1,23', DE_DE)).toEqual({ ok: true, value: 1.23 });
    expect(read('1 234,567')).toEqual({ ok: true, value: 1234.567 });
  });

  it('reads a leading minus only where the field allows it', () => {
    expect(read('-3', undefined, true)).toEqual({ ok: true, value: -3 });
    expect(read('-1.234,56', undefined, true)).toEqual({ ok: true, value: -1234.56 });
    expect(read('\u22122.5', undefined, true)).toEqual({ ok: true, value: -2.5 });
    expect(read('-0', undefined, true)).toEqual({ ok: true, value: 0 });
    expect(read('-3')).toEqual({ ok: false, reason: 'negative' });
    expect(read('3-', undefined, true)).toEqual({ ok: false, reason: 'characters' });
    expect(read('--3', undefined, true)).toEqual({ ok: false, reason: 'characters' });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'characters'],
    ['12a', 'characters'],
    ['$12', 'characters'],
    ['1e5', 'characters'],
    ['+5', 'characters'],
    ['١٢', 'characters'],
    ['.', 'characters'],
    ['-', 'characters'],
    ['2,9,5', 'separators'],
    ['12,34,5', 'separators'],
    ['1.234.56', 'separators'],
    ['1.2.3,4', 'separators'],
    ['1,234.5.6', 'separators'],
    ['1 234.567,8', 'separators'],
    ["1 234'567", 'separators'],
    ['1 23', 'separators'],
    ['0,123,456', 'separators'],
    ['1,234,', 'separators'],
    ['1234567890123456.78', 'too-many-digits'],
    ['1.0000000000000000001', 'too-many-digits'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(read(text, undefined, true)).toEqual({ ok: false, reason });
  });

  it('reads back every amount as en-US and de-DE write it, grouped or not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000_000 }),
        fc.boolean(),
        (cents, minus) => {
          const value = (minus ? -cents : cents) / 100;
          // "-0.00" is read as the number it means, zero (not JavaScript's negative zero).
          const expected = Object.is(value, -0) ? 0 : value;
          const intl = (locale: string, useGrouping: boolean) =>
            new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping }).format(value);
          expect(read(intl('en-US', true), EN_US_NUMBER_FORMAT, true)).toEqual({
            ok: true,
            value: expected,
          });
          expect(read(intl('en-US', false), EN_US_NUMBER_FORMAT, true)).toEqual({
            ok: true,
            value: expected,
          });
          expect(read(intl('de-DE', true), DE_DE, true)).toEqual({ ok: true, value: expected });
          expect(read(intl('fr-FR', true), { decimal: ',', group: '\u202f' }, true)).toEqual({
            ok: true,
            value: expected,
          });
          expect(read(intl('de-CH', true), { decimal: '.', group: '’' }, true)).toEqual({
            ok: true,
            value: expected,
          });
          expect(read(writeTypedAmount(value, DE_DE), DE_DE, true)).toEqual({
            ok: true,
            value: expected,
          });
        },
      ),
      // Zero with a minus sign ("-0.00") is always among the cases.
      { examples: [[0, true]] },
    );
  });

  it('never throws, and keeps every digit typed when it reads a value', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[\d.,' ]{0,16}$/), (text) => {
        const result = read(text, undefined, true);
        if (!result.ok) return;
        expect(Number.isFinite(result.value)).toBe(true);
        // The digits typed, without leading zeros, are the digits of the value read.
        const typed = text.replace(/\D/g, '').replace(/^0+/, '');
        const written = String(Math.abs(result.value));
        // Below 1e-6 JavaScript writes an exponent; the digits are checked above that.
        if (written.includes('e')) return;
        const kept = written.replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
        expect(typed.replace(/0+$/, '')).toBe(kept);
      }),
    );
  });

  it('says what could not be read, with an example in the user’s format', () => {
    expect(typedAmountMessage('separators')).toContain('1,234.56');
    expect(typedAmountMessage('characters', DE_DE)).toContain('1.234,56');
    expect(typedAmountMessage('negative')).toBe('The amount cannot be negative.');
  });
});

describe('writeTypedAmount with a currency of cents', () => {
  it('keeps the cents an amount is shown with, and a whole amount whole', () => {
    expect(writeTypedAmount(47.3, DE_DE, 2)).toBe('47,30');
    expect(writeTypedAmount(47.3, DE_DE)).toBe('47,3');
    expect(writeTypedAmount(47, DE_DE, 2)).toBe('47');
    expect(writeTypedAmount(0.125, undefined, 2)).toBe('0.125');
    expect(writeTypedAmount(1234.5, undefined, 2)).toBe('1234.50');
  });
});
