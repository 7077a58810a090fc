import type { ChartData } from '@moneta/shared/transaction-schemas';
import type { TFunction } from 'i18next';
import type { LocaleFormat } from '@/lib/i18n/locale-format';

type DailyTotal = ChartData['incomeOverTime'][number];

/**
 * Text a screen reader hears for the doughnut: every category with its amount and share. The
 * words come from `t` (namespace `dashboard`) and the figures from the page's locale helpers.
 */
export function categorySummary(
  items: ChartData['expensesByCategory'],
  currency: string,
  t: TFunction,
  format: LocaleFormat,
): string {
  const total = items.reduce((sum, item) => sum + item.total, 0);
  const parts = items.map((item) =>
    t('dashboard:charts.summary.categoryPart', {
      name: item.name,
      amount: format.money(item.total, currency),
      share: format.percent(total > 0 ? item.total / total : 0),
    }),
  );
  return t('dashboard:charts.summary.category', {
    total: format.money(total, currency),
    parts: parts.join(t('dashboard:charts.summary.listSeparator')),
  });
}

/** Text for a daily series: its total, its active days and its largest day. */
export function seriesSummary(
  label: string,
  series: DailyTotal[],
  currency: string,
  t: TFunction,
  format: LocaleFormat,
): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return t('dashboard:charts.summary.noData', { label });
  const active = series.filter((day) => day.total > 0);
  const total = active.reduce((sum, day) => sum + day.total, 0);
  const peak = active.reduce<DailyTotal | null>(
    (best, day) => (best === null || day.total > best.total ? day : best),
    null,
  );
  const from = format.date(first.date);
  const to = format.date(last.date);
  if (!peak) return t('dashboard:charts.summary.nothingRecorded', { label, from, to });
  return t('dashboard:charts.summary.series', {
    label,
    from,
    to,
    total: format.money(total, currency),
    count: active.length,
    peak: format.money(peak.total, currency),
    peakDate: format.date(peak.date),
  });
}

export function hasActivity(series: DailyTotal[]): boolean {
  return series.some((day) => day.total > 0);
}

/** The doughnut has six colours; more categories than that would share one. */
export const MAX_DOUGHNUT_SLICES = 6;

/**
 * The doughnut's slices: the largest categories, and beyond six, the smallest ones added up as
 * "Other" (`otherName`, in the page's language), so that each colour names one slice (the table
 * under the chart lists them all).
 */
export function doughnutSlices(
  items: ChartData['expensesByCategory'],
  otherName = 'Other',
): ChartData['expensesByCategory'] {
  if (items.length <= MAX_DOUGHNUT_SLICES) return items;
  const sorted = [...items].sort((a, b) => b.total - a.total);
  const kept = sorted.slice(0, MAX_DOUGHNUT_SLICES - 1);
  const rest = sorted.slice(MAX_DOUGHNUT_SLICES - 1);
  const other = rest.reduce((sum, item) => sum + item.total, 0);
  return [...kept, { name: otherName, total: Math.round(other * 100) / 100 }];
}
