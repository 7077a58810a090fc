import { afterEach, describe, expect, it } from 'vitest';
import {
  chartLabels,
  DEFAULT_PERIOD,
  formatRange,
  periodRange,
  readStoredPeriod,
  storePeriod,
} from '../utils/dashboard-period';

describe('the dashboard periods', () => {
  it('counts each preset from today, month and year ends included', () => {
    const today = '2026-03-15';
    expect(periodRange({ preset: 'this-month' }, today)).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(periodRange({ preset: 'last-month' }, today)).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodRange({ preset: 'last-month' }, '2028-03-31')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    // January's last month is the year before's December.
    expect(periodRange({ preset: 'last-month' }, '2026-01-01')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(periodRange({ preset: 'last-30-days' }, today)).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
    });
    expect(periodRange({ preset: 'this-year' }, today)).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
    expect(periodRange({ preset: 'last-year' }, today)).toEqual({
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(periodRange({ preset: 'custom', from: '2026-01-05', to: '2026-01-09' }, today)).toEqual({
      from: '2026-01-05',
      to: '2026-01-09',
    });
    expect(periodRange({ preset: 'all-time' }, today)).toBeNull();
  });

  it('names the period the way the charts title it, the default as it always was', () => {
    expect(DEFAULT_PERIOD).toEqual({ preset: 'last-30-days' });
    expect(chartLabels(DEFAULT_PERIOD, '2026-03-15')).toEqual({
      window: { from: '2026-02-14', to: '2026-03-15' },
      title: 'Last 30 Days',
      caption: 'Feb 14 – Mar 15, 2026',
    });
    expect(chartLabels({ preset: 'last-month' }, '2026-03-15').title).toBe('Last Month');
  });

  it('charts at most two years, and says so', () => {
    expect(chartLabels({ preset: 'all-time' }, '2026-03-15')).toEqual({
      window: { from: '2024-03-15', to: '2026-03-15' },
      title: 'Last 2 Years',
      caption: 'Mar 15, 2024 – Mar 15, 2026 (charts show at most two years)',
    });
    const long = chartLabels(
      { preset: 'custom', from: '2020-01-01', to: '2025-12-31' },
      '2026-03-15',
    );
    expect(long.window).toEqual({ from: '2024-01-01', to: '2025-12-31' });
    expect(long.title).toBe('Last 2 Years of the Period');
    expect(
      chartLabels({ preset: 'custom', from: '2025-01-01', to: '2025-06-30' }, '2026-03-15'),
    ).toMatchObject({ title: 'Custom Period', caption: 'Jan 1 – Jun 30, 2025' });
  });

  it('writes a span of days in one year, across years, or as one day', () => {
    expect(formatRange({ from: '2026-10-01', to: '2026-10-31' })).toBe('Oct 1 – Oct 31, 2026');
    expect(formatRange({ from: '2025-12-01', to: '2026-01-31' })).toBe(
      'Dec 1, 2025 – Jan 31, 2026',
    );
    expect(formatRange({ from: '2026-11-26', to: '2026-11-26' })).toBe('Nov 26, 2026');
    expect(formatRange(null)).toBe('All time');
  });
});

describe('the remembered period', () => {
  afterEach(() => window.localStorage.clear());

  it('is read back as it was stored, and anything unreadable is the default', () => {
    expect(readStoredPeriod()).toEqual(DEFAULT_PERIOD);
    storePeriod({ preset: 'last-year' });
    expect(readStoredPeriod()).toEqual({ preset: 'last-year' });
    storePeriod({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' });
    expect(readStoredPeriod()).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-01-31' });
    for (const stored of [
      'not json',
      '{"preset":"next-decade"}',
      '{"preset":"custom","from":"2026-02-01","to":"2026-01-01"}',
      '{"preset":"custom","from":"2026-02-30","to":"2026-03-01"}',
      'null',
    ]) {
      window.localStorage.setItem('dashboardPeriod', stored);
      expect(readStoredPeriod()).toEqual(DEFAULT_PERIOD);
    }
  });
});
