import { describe, expect, it } from 'vitest';
import { localeFormat } from '@/lib/i18n/locale-format';
import { formatChange, reportMoney } from '../components/report-format';

describe('reportMoney', () => {
  it('writes a negative with the same minus sign as the changes beside it', () => {
    const de = localeFormat('de-DE');
    const negative = reportMoney(de)(-220.15, 'EUR');
    const change = formatChange(-1991.1, 'EUR', de);
    expect(negative).toBe('−220,15\u00a0€');
    expect(negative[0]).toBe(change[0]);
    expect(reportMoney(de)(12, 'EUR')).toBe('12,00\u00a0€');
  });

  it('keeps the original en-US amounts', () => {
    expect(reportMoney(localeFormat('en-US'))(-45, 'USD')).toBe('-$45.00');
  });
});
