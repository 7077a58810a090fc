import { describe, expect, it } from 'vitest';
import { changeLocale, i18n } from '@/lib/i18n/i18n';
import { localeFormat } from '@/lib/i18n/locale-format';
import { formatComparison } from '../components/report-format';
import { periodLabel, presetRange, previousRange } from '../utils/report-range';

describe('report ranges', () => {
  it('counts the presets from today', () => {
    expect(presetRange('last-12-months', '2026-01-15')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(presetRange('this-year', '2026-11-15')).toEqual({
      from: '2026-01-01',
      to: '2026-11-15',
    });
    expect(presetRange('last-year', '2026-11-15')).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('compares whole months with as many before, a year to date with a year before, else days', () => {
    expect(previousRange({ from: '2025-11-01', to: '2026-10-31' })).toEqual({
      from: '2024-11-01',
      to: '2025-10-31',
    });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-31' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(previousRange({ from: '2024-01-01', to: '2024-02-29' })).toEqual({
      from: '2023-11-01',
      to: '2023-12-31',
    });
    expect(previousRange({ from: '2028-01-01', to: '2028-02-29' })).toEqual({
      from: '2027-11-01',
      to: '2027-12-31',
    });
    expect(previousRange({ from: '2028-01-01', to: '2028-02-15' })).toEqual({
      from: '2027-01-01',
      to: '2027-02-15',
    });
    expect(previousRange({ from: '2026-10-17', to: '2026-11-15' })).toEqual({
      from: '2026-09-17',
      to: '2026-10-16',
    });
  });

  it('names whole periods briefly and cut ones by their days', () => {
    expect(periodLabel({ start: '2026-10-01', end: '2026-10-31' }, 'month')).toBe('Oct 2026');
    expect(periodLabel({ start: '2026-07-01', end: '2026-09-30' }, 'quarter')).toBe('Q3 2026');
    expect(periodLabel({ start: '2026-01-01', end: '2026-12-31' }, 'year')).toBe('2026');
    expect(periodLabel({ start: '2026-10-01', end: '2026-10-31' }, 'quarter')).toBe(
      'Oct 1 – Oct 31, 2026',
    );
    expect(periodLabel({ start: '2026-01-01', end: '2026-11-15' }, 'year')).toBe(
      'Jan 1 – Nov 15, 2026',
    );
  });

  it('gives a percent only between two positive figures', () => {
    expect(formatComparison(2299.5, 1500, 'USD')).toBe('+$799.50 (+53%)');
    expect(formatComparison(900, 1000, 'USD')).toBe('−$100.00 (−10%)');
    expect(formatComparison(2879.5, -45, 'USD')).toBe('+$2,924.50');
    expect(formatComparison(-20, 100, 'USD')).toBe('−$120.00');
    expect(formatComparison(50, 0, 'USD')).toBe('+$50.00');
    expect(formatComparison(10, 10, 'USD')).toBe('$0.00 (0%)');
  });

  it("names periods, ranges and changes in the user's locale", async () => {
    const de = localeFormat('de-DE');
    const ja = localeFormat('ja-JP');
    // Each language's messages, loaded as a switch of language loads them.
    await changeLocale('ja-JP');
    const tJa = i18n.getFixedT('ja-JP');
    await changeLocale('de-DE');
    const t = i18n.getFixedT('de-DE');
    const october = { start: '2026-10-01', end: '2026-10-31' };
    const quarter = { start: '2026-07-01', end: '2026-09-30' };
    const cut = { start: '2026-10-15', end: '2026-10-31' };
    // The months' names are the locale's own short names (Intl), the rest are the messages'.
    const deOctober = new Intl.DateTimeFormat('de-DE', { month: 'short', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2026, 9, 15)),
    );
    expect(periodLabel(october, 'month', de, t)).toBe(`${deOctober} 2026`);
    expect(periodLabel(quarter, 'quarter', de, t)).toBe('Q3 2026');
    expect(periodLabel(october, 'month', ja, tJa)).toBe('2026年10月');
    expect(periodLabel(cut, 'month', de, t)).toBe('15.10.2026 – 31.10.2026');
    expect(periodLabel(cut, 'month', ja, tJa)).toBe('2026/10/15 – 2026/10/31');
    // The original English is unchanged when the locale is en-US.
    expect(periodLabel(october, 'month', localeFormat('en-US'), t)).toBe('Oct 2026');
    expect(formatComparison(2299.5, 1500, 'EUR', de)).toBe('+799,50\u00a0€ (+53\u00a0%)');
    expect(formatComparison(900, 1000, 'USD', ja)).toBe('−$100.00 (−10%)');
  });
});
