import { parseTypedAmount } from '@moneta/shared/typed-amount';
import { describe, expect, it } from 'vitest';
import { compactMoney } from '@/lib/chart-theme';
import {
  firstDayOfWeek,
  formatCompactMoney,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatMonthName,
  formatNumber,
  formatShortDate,
  numberFormatOf,
} from './locale-format';

// Intl writes some spaces as no-break ones (U+00A0, U+202F); compared as plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('locale formatting', () => {
  it('keeps the original format for en-US', () => {
    expect(formatMoney('en-US', 1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney('en-US', -12.5, 'EUR')).toBe('-€12.50');
    expect(formatDate('en-US', '2026-03-10')).toBe('Mar 10, 2026');
    expect(formatShortDate('en-US', '2026-03-10')).toBe('Mar 10');
  });

  it('writes amounts and numbers as each locale does', () => {
    expect(plain(formatMoney('de-DE', 12.5, 'EUR'))).toBe('12,50 €');
    expect(plain(formatMoney('de-DE', 1234.5, 'EUR'))).toBe('1.234,50 €');
    expect(plain(formatMoney('fr-FR', 1234.5, 'EUR'))).toBe('1 234,50 €');
    expect(formatMoney('ja-JP', 1234, 'JPY')).toBe('￥1,234');
    // ICU versions differ on Switzerland's apostrophe: straight or typographic.
    expect(plain(formatMoney('de-CH', 1234.5, 'CHF'))).toMatch(/^CHF 1['’]234\.50$/);
    expect(formatNumber('de-DE', 1234.5)).toBe('1.234,5');
  });

  it('writes chart ticks in the locale’s compact notation, en-US as before', () => {
    // en-US: the options the axes always had (compactMoney's default locale is en-US).
    const enUs = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    for (const value of [0, 950, 1234, 56_789, 1_250_000]) {
      expect(formatCompactMoney('en-US', value, 'USD')).toBe(enUs.format(value));
      expect(compactMoney(value, 'USD')).toBe(enUs.format(value));
    }
    expect(formatCompactMoney('en-US', 1234, 'USD')).toBe('$1.2K');
    expect(plain(formatCompactMoney('de-DE', 1_250_000, 'EUR'))).toBe('1,3 Mio. €');
    expect(plain(formatCompactMoney('de-DE', 950, 'EUR'))).toBe('950 €');
    expect(plain(formatCompactMoney('fr-FR', 56_789, 'EUR'))).toBe('56,8 k €');
    expect(formatCompactMoney('ja-JP', 56_789, 'JPY')).toBe('￥5.7万');
    expect(plain(compactMoney(1_250_000, 'EUR', 'de-DE'))).toBe('1,3 Mio. €');
  });

  it('writes calendar dates as the same day in every zone', () => {
    expect(formatDate('de-DE', '2026-11-25')).toBe('25.11.2026');
    expect(formatDate('ja-JP', '2026-11-25')).toBe('2026/11/25');
    expect(formatLongDate('de-DE', '2026-03-01')).toBe('1. März 2026');
    expect(formatLongDate('en-US', '2026-03-01')).toBe('March 1, 2026');
    expect(formatShortDate('fr-FR', '2026-03-10')).toBe('10 mars');
    expect(formatDate('de-DE', 'not a date')).toBe('not a date');
  });

  it('writes an instant in the given time zone', () => {
    // 23:30 UTC is already the next day in Berlin.
    expect(plain(formatDateTime('de-DE', '2026-03-10T23:30:00Z', 'Europe/Berlin'))).toBe(
      '11.03.2026, 00:30',
    );
    expect(plain(formatDateTime('en-US', '2026-03-10T15:04:00Z', 'UTC'))).toBe(
      'Mar 10, 2026, 3:04 PM',
    );
  });

  it('names months in the language', () => {
    expect(formatMonthName('de-DE', 3)).toBe('März');
    expect(formatMonthName('fr-FR', 12)).toBe('décembre');
    expect(formatMonthName('ja-JP', 3)).toBe('3月');
    expect(formatMonthName('en-US', 9, 'short')).toBe('Sep');
  });

  it('starts the week on Sunday or Monday by country', () => {
    expect(firstDayOfWeek('en-US')).toBe(0);
    expect(firstDayOfWeek('ja-JP')).toBe(0);
    expect(firstDayOfWeek('fr-CA')).toBe(0);
    expect(firstDayOfWeek('en-GB')).toBe(1);
    expect(firstDayOfWeek('de-DE')).toBe(1);
  });

  it('reads a lone separator before three digits in the user’s number format', () => {
    expect(numberFormatOf('en-US')).toEqual({ decimal: '.', group: ',' });
    expect(numberFormatOf('de-DE')).toEqual({ decimal: ',', group: '.' });
    expect(numberFormatOf('de-CH')).toMatchObject({
      decimal: '.',
      group: expect.stringMatching(/^['’]$/),
    });
    expect(parseTypedAmount('1.234', numberFormatOf('de-DE'))).toEqual({ ok: true, value: 1234 });
    // One comma twenty-three four: three decimals, which the amount's schema then refuses.
    expect(parseTypedAmount('1,234', numberFormatOf('de-DE'))).toEqual({ ok: true, value: 1.234 });
    expect(parseTypedAmount('1,234', numberFormatOf('en-US'))).toEqual({ ok: true, value: 1234 });
    expect(parseTypedAmount('12,50', numberFormatOf('de-DE'))).toEqual({ ok: true, value: 12.5 });
  });
});
