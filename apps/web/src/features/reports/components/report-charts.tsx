/**
 * The reports' chart.js charts, in their own chunk (loaded when the page draws its first chart).
 * Each chart is a picture of the table under it, which carries the same figures to keyboard and
 * screen-reader users: the canvas is an image with a one-line summary.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartOptions,
  type TooltipItem,
} from 'chart.js';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Chart } from 'react-chartjs-2';
import { compactMoney, PALETTE, useChartColours, type ChartColours } from '@/lib/chart-theme';
import { useFormat } from '@/lib/i18n/use-format';

ChartJS.register(
  BarController,
  BarElement,
  CategoryScale,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
ChartJS.defaults.animation = false;

/** One series of a chart: its name and one figure per label. */
export type ChartSeries = { label: string; values: number[] };

type ReportChartProps = {
  /** The periods' names, along the x axis. */
  labels: string[];
  /** The bars: side by side, or stacked with `isStacked`. */
  bars: ChartSeries[];
  /** A line drawn over the bars (net, total). */
  line?: ChartSeries;
  isStacked?: boolean;
  /** Fixed colours for the bars (income and expense); the palette otherwise. */
  barColours?: string[];
  currency: string;
  /** What a screen reader hears for the picture; the table beside it has the figures. */
  summary: string;
};

function options(
  colours: ChartColours,
  currency: string,
  isStacked: boolean,
  tooltip: (label: string, amount: number) => string,
  locale: string,
): ChartOptions<'bar' | 'line'> {
  return {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: {
      x: {
        stacked: isStacked,
        ticks: { color: colours.text, maxRotation: 0, autoSkipPadding: 12 },
        grid: { display: false },
      },
      y: {
        stacked: isStacked,
        ticks: {
          color: colours.text,
          callback: (value: number | string) => compactMoney(Number(value), currency, locale),
        },
        grid: { color: colours.grid },
      },
    },
    plugins: {
      // At the bottom, wrapping: it stays readable at 360 px.
      legend: {
        position: 'bottom',
        labels: { color: colours.text, boxWidth: 12, boxHeight: 12, padding: 10 },
      },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'bar' | 'line'>) =>
            tooltip(item.dataset.label ?? '', Number(item.raw)),
        },
      },
    },
  };
}

function ReportChartCanvas({
  labels,
  bars,
  line,
  isStacked = false,
  barColours,
  currency,
  summary,
}: ReportChartProps) {
  const colours = useChartColours();
  const format = useFormat();
  const { t } = useTranslation('reports');
  // "Label: amount" as the language writes it (French puts a space before the colon).
  const tooltip = (label: string, amount: number) =>
    t('chartTooltip', { label, amount: format.money(amount, currency) });
  const datasets = [
    ...(line
      ? [
          {
            type: 'line' as const,
            label: line.label,
            data: line.values,
            borderColor: colours.text,
            backgroundColor: colours.text,
            pointRadius: 3,
            tension: 0.2,
            order: 0,
            stack: 'line',
          },
        ]
      : []),
    ...bars.map((series, index) => ({
      type: 'bar' as const,
      label: series.label,
      data: series.values,
      backgroundColor: barColours?.[index] ?? PALETTE[index % PALETTE.length],
      borderRadius: 3,
      order: 1,
    })),
  ];
  return (
    <div className="relative h-72">
      <Chart
        type="bar"
        role="img"
        aria-label={summary}
        options={options(colours, currency, isStacked, tooltip, format.locale)}
        data={{ labels, datasets }}
      />
    </div>
  );
}

// Memoised: the page re-renders as each of its other reports arrives.
export const ReportChart = memo(ReportChartCanvas);
