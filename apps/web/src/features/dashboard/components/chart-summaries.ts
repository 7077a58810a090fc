import { formatMoney } from '@moneta/shared/money';
import type { ChartData } from '@moneta/shared/transaction-schemas';
import { formatCalendarDate } from '@/lib/calendar-date-format';

type DailyTotal = ChartData['incomeOverTime'][number];

/** Text a screen reader hears for the doughnut: every category with its amount and share. */
export function categorySummary(items: ChartData['expensesByCategory'], currency: string): string {
  const total = items.reduce((sum, item) => sum + item.total, 0);
  const parts = items.map(
    (item) =>
      `${item.name} ${formatMoney(item.total, currency)} (${total > 0 ? Math.round((item.total / total) * 100) : 0}%)`,
  );
  return `Expenses by category, ${formatMoney(total, currency)} in total: ${parts.join(', ')}.`;
}

/** Text for a daily series: its total, its active days and its largest day. */
export function seriesSummary(label: string, series: DailyTotal[], currency: string): string {
  const first = series[0];
  const last = series.at(-1);
  if (!first || !last) return `${label}: no data.`;
  const active = series.filter((day) => day.total > 0);
  const total = active.reduce((sum, day) => sum + day.total, 0);
  const peak = active.reduce<DailyTotal | null>(
    (best, day) => (best === null || day.total > best.total ? day : best),
    null,
  );
  const range = `${formatCalendarDate(first.date)} to ${formatCalendarDate(last.date)}`;
  if (!peak) return `${label} from ${range}: nothing recorded.`;
  return `${label} from ${range}: ${formatMoney(total, currency)} in total over ${active.length} day${active.length === 1 ? '' : 's'}; largest ${formatMoney(peak.total, currency)} on ${formatCalendarDate(peak.date)}.`;
}

export function hasActivity(series: DailyTotal[]): boolean {
  return series.some((day) => day.total > 0);
}

/** The doughnut has six colours; more categories than that would share one. */
export const MAX_DOUGHNUT_SLICES = 6;

/**
 * The doughnut's slices: the largest categories, and beyond six, the smallest ones added up as
 * "Other", so that each colour names one slice (the table under the chart lists them all).
 */
export function doughnutSlices(
  items: ChartData['expensesByCategory'],
): ChartData['expensesByCategory'] {
  if (items.length <= MAX_DOUGHNUT_SLICES) return items;
  const sorted = [...items].sort((a, b) => b.total - a.total);
  const kept = sorted.slice(0, MAX_DOUGHNUT_SLICES - 1);
  const rest = sorted.slice(MAX_DOUGHNUT_SLICES - 1);
  const other = rest.reduce((sum, item) => sum + item.total, 0);
  return [...kept, { name: 'Other', total: Math.round(other * 100) / 100 }];
}
