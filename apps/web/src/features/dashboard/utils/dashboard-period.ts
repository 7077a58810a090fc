import {
  addDays,
  dateFromParts,
  dateParts,
  daysInMonth,
  isCalendarDate,
  toDayNumber,
} from '@moneta/shared/calendar-date';
import type { TFunction } from 'i18next';
import { reportsPath } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { localeFormat, type LocaleFormat } from '@/lib/i18n/locale-format';
import { readStorage, writeStorage } from '@/lib/storage';

/**
 * The dashboard's periods (docs/architecture.md, Product rules), in the order the picker offers
 * them.
 */
export const PERIOD_PRESETS = [
  'this-month',
  'last-month',
  'last-30-days',
  'this-year',
  'last-year',
  'custom',
  'all-time',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PERIOD_LABELS: Record<PeriodPreset, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'last-30-days': 'Last 30 days',
  'this-year': 'This year',
  'last-year': 'Last year',
  custom: 'Custom',
  'all-time': 'All time',
};

export type DashboardPeriod =
  { preset: Exclude<PeriodPreset, 'custom'> } | { preset: 'custom'; from: string; to: string };

/**
 * Without a remembered choice: the last 30 days, the window the charts always had ("Daily
 * Activity (Last 30 Days)"), so a first visit shows the charts it always did (docs/decisions.md).
 */
export const DEFAULT_PERIOD: DashboardPeriod = { preset: 'last-30-days' };

/** A span of days, both ends included; null ends mean all time. */
export type DateRange = { from: string; to: string };

/** The server draws at most this many daily points (docs/api.md, charts). */
export const MAX_CHART_DAYS = 731;
/** Thirty days ending today, today included, as the server's default chart window. */
const RECENT_DAYS = 30;

/** The days a period covers, counted from `today` (the user's); null for all time. */
export function periodRange(period: DashboardPeriod, today: string): DateRange | null {
  const { year, month } = dateParts(today);
  switch (period.preset) {
    case 'this-month':
      return {
        from: dateFromParts(year, month, 1),
        to: dateFromParts(year, month, daysInMonth(year, month)),
      };
    case 'last-month': {
      const lastYear = month === 1 ? year - 1 : year;
      const lastMonth = month === 1 ? 12 : month - 1;
      return {
        from: dateFromParts(lastYear, lastMonth, 1),
        to: dateFromParts(lastYear, lastMonth, daysInMonth(lastYear, lastMonth)),
      };
    }
    case 'last-30-days':
      return { from: addDays(today, -(RECENT_DAYS - 1)), to: today };
    case 'this-year':
      return { from: dateFromParts(year, 1, 1), to: dateFromParts(year, 12, 31) };
    case 'last-year':
      return { from: dateFromParts(year - 1, 1, 1), to: dateFromParts(year - 1, 12, 31) };
    case 'custom':
      return { from: period.from, to: period.to };
    case 'all-time':
      return null;
  }
}

/**
 * The charts' window for a period: the period itself when the server can draw it day by day,
 * else its last two years (all time, or a longer custom span), said so by `isShortened`.
 */
export function chartRange(
  period: DashboardPeriod,
  today: string,
): DateRange & { isShortened: boolean } {
  const range = periodRange(period, today) ?? { from: '', to: today };
  const earliest = addDays(range.to, -(MAX_CHART_DAYS - 1));
  if (range.from === '' || toDayNumber(range.from) < toDayNumber(earliest)) {
    return { from: earliest, to: range.to, isShortened: true };
  }
  return { ...range, isShortened: false };
}

/** 'Oct 1 – Oct 31, 2026', 'Dec 1, 2025 – Jan 31, 2026', or one day: 'Nov 26, 2026'. */
export function formatRange(
  range: DateRange | null,
  format: Pick<LocaleFormat, 'dateRange'> = localeFormat('en-US'),
  allTime = 'All time',
): string {
  if (!range) return allTime;
  return format.dateRange(range.from, range.to);
}

/** A custom span is usable when both ends are dates and `from` is not after `to`. */
export function isValidRange(from: string, to: string): boolean {
  return isCalendarDate(from) && isCalendarDate(to) && from <= to;
}

function isPeriod(value: unknown): value is DashboardPeriod {
  if (typeof value !== 'object' || value === null) return false;
  const { preset, from, to } = value as Record<string, unknown>;
  if (!PERIOD_PRESETS.includes(preset as PeriodPreset)) return false;
  if (preset !== 'custom') return true;
  return typeof from === 'string' && typeof to === 'string' && isValidRange(from, to);
}

/** The period chosen last on this device; anything unreadable is the default. */
export function readStoredPeriod(): DashboardPeriod {
  try {
    const stored: unknown = JSON.parse(readStorage(STORAGE_KEYS.dashboardPeriod) ?? 'null');
    return isPeriod(stored) ? stored : DEFAULT_PERIOD;
  } catch {
    return DEFAULT_PERIOD;
  }
}

export function storePeriod(period: DashboardPeriod): void {
  writeStorage(STORAGE_KEYS.dashboardPeriod, JSON.stringify(period));
}

/**
 * The charts' period names in the product's fixed English wording, keyed as `charts.periodTitles.*`
 * (dashboard).
 */
const PERIOD_TITLES = {
  'this-month': 'This Month',
  'last-month': 'Last Month',
  'last-30-days': 'Last 30 Days',
  'this-year': 'This Year',
  'last-year': 'Last Year',
  'last-2-years': 'Last 2 Years',
  'last-2-years-of-period': 'Last 2 Years of the Period',
  'custom-period': 'Custom Period',
} as const;
type ChartTitle = keyof typeof PERIOD_TITLES;

/**
 * What the charts show, for their titles and captions: "Daily Activity (Last 30 Days)". With the
 * page's `format` and `t` (namespace `dashboard`), in the user's language; without, in English.
 */
export function chartLabels(
  period: DashboardPeriod,
  today: string,
  format: Pick<LocaleFormat, 'dateRange'> = localeFormat('en-US'),
  t?: TFunction,
): { window: DateRange; title: string; caption: string } {
  const { isShortened, ...window } = chartRange(period, today);
  const titleId: ChartTitle =
    period.preset === 'all-time'
      ? 'last-2-years'
      : period.preset === 'custom'
        ? isShortened
          ? 'last-2-years-of-period'
          : 'custom-period'
        : period.preset;
  const range = formatRange(window, format);
  if (t) {
    return {
      window,
      title: t(`dashboard:charts.periodTitles.${titleId}`),
      caption: isShortened ? t('dashboard:charts.shortenedCaption', { range }) : range,
    };
  }
  const caption = isShortened ? `${range} (charts show at most two years)` : range;
  return { window, title: PERIOD_TITLES[titleId], caption };
}

/**
 * The Reports page over the dashboard's period, so that a card's report shows the same days: the
 * years by name, all time as the reports' default, any other span as its dates.
 */
export function reportsPathFor(period: DashboardPeriod, today: string): string {
  if (period.preset === 'this-year' || period.preset === 'last-year') {
    return reportsPath({ preset: period.preset });
  }
  const range = periodRange(period, today);
  return range ? reportsPath(range) : reportsPath();
}
