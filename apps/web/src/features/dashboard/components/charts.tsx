/**
 * The dashboard's chart.js charts, loaded lazily (their own chunk) so the page paints first.
 * Only the controllers, elements and plugins used here are registered, so the rest of chart.js
 * is left out of the bundle.
 */
import type { ChartData } from '@moneta/shared/transaction-schemas';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Filler,
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
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import {
  EXPENSE_COLOUR,
  INCOME_COLOUR,
  PALETTE,
  useChartColours,
  type ChartColours,
} from '@/lib/chart-theme';
import type { LocaleFormat } from '@/lib/i18n/locale-format';
import { useFormat } from '@/lib/i18n/use-format';
import { useCategoryName } from '@/lib/categories/category-name';
import { categorySummary, doughnutSlices, seriesSummary } from './chart-summaries';

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);
// The charts appear while the page is still loading: an entrance animation would redraw all four
// canvases on every frame for a second of that time (long tasks on a slow phone).
ChartJS.defaults.animation = false;

type DailyTotal = ChartData['incomeOverTime'][number];

/** The hidden table that carries a chart's numbers to screen readers. */
function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: string[][];
}) {
  // A table ignores the width of .sr-only, so a hidden wrapper does the hiding.
  return (
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([first, ...rest]) => (
            <tr key={first}>
              <th scope="row">{first}</th>
              {rest.map((value, index) => (
                <td key={index}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ExpensesByCategoryChartCanvas({
  items,
  currency,
}: {
  items: ChartData['expensesByCategory'];
  currency: string;
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const colours = useChartColours();
  const categoryName = useCategoryName();
  // The legend, tooltip, summary and table name built-in categories in the page's language.
  const named = items.map((item) => ({ ...item, name: categoryName(item.name) }));
  const slices = doughnutSlices(named, t('charts.other'));
  const options: ChartOptions<'doughnut'> = {
    responsive: true,
    maintainAspectRatio: false,
    cutout: '60%',
    plugins: {
      legend: {
        position: 'bottom',
        labels: { color: colours.text, boxWidth: 12, boxHeight: 12, padding: 12 },
      },
      tooltip: {
        callbacks: {
          label: (item: TooltipItem<'doughnut'>) =>
            t('charts.tooltip', {
              label: item.label,
              amount: format.money(Number(item.raw), currency),
            }),
        },
      },
    },
  };
  return (
    <>
      <div className="relative h-72">
        <Doughnut
          role="img"
          aria-label={categorySummary(slices, currency, t, format)}
          options={options}
          data={{
            labels: slices.map((item) => item.name),
            datasets: [
              {
                data: slices.map((item) => item.total),
                backgroundColor: slices.map((_, index) => PALETTE[index % PALETTE.length]),
                borderColor: colours.card,
                borderWidth: 2,
              },
            ],
          }}
        />
      </div>
      <DataTable
        caption={t('charts.table.expensesByCategory')}
        columns={[t('charts.table.category'), t('charts.table.amount')]}
        rows={named.map((item) => [item.name, format.money(item.total, currency)])}
      />
    </>
  );
}

function timeAxes(colours: ChartColours, format: LocaleFormat, currency: string, stacked = false) {
  return {
    x: {
      stacked,
      ticks: { color: colours.text, maxRotation: 0, autoSkipPadding: 12 },
      grid: { display: false },
    },
    y: {
      stacked,
      beginAtZero: true,
      ticks: {
        color: colours.text,
        callback: (value: number | string) => format.compactMoney(Number(value), currency),
      },
      grid: { color: colours.grid },
    },
  };
}

function DailyActivityChartCanvas({
  income,
  expenses,
  currency,
}: {
  income: DailyTotal[];
  expenses: DailyTotal[];
  currency: string;
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const colours = useChartColours();
  const incomeLabel = t('charts.income');
  const expensesLabel = t('charts.expenses');
  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: timeAxes(colours, format, currency, true),
    plugins: {
      legend: { position: 'bottom', labels: { color: colours.text, boxWidth: 12, boxHeight: 12 } },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'bar'>[]) => {
            const date = income[items[0]?.dataIndex ?? -1]?.date;
            return date ? format.date(date) : '';
          },
          label: (item: TooltipItem<'bar'>) =>
            t('charts.tooltip', {
              label: item.dataset.label ?? '',
              amount: format.money(Number(item.raw), currency),
            }),
        },
      },
    },
  };
  const summary = t('charts.summary.dailyActivity', {
    income: seriesSummary(incomeLabel, income, currency, t, format),
    expenses: seriesSummary(expensesLabel, expenses, currency, t, format),
  });
  return (
    <>
      <div className="relative h-72">
        <Bar
          role="img"
          aria-label={summary}
          options={options}
          data={{
            labels: income.map((day) => format.shortDate(day.date)),
            datasets: [
              {
                label: incomeLabel,
                data: income.map((day) => day.total),
                backgroundColor: INCOME_COLOUR,
                borderRadius: 3,
              },
              {
                label: expensesLabel,
                data: expenses.map((day) => day.total),
                backgroundColor: EXPENSE_COLOUR,
                borderRadius: 3,
              },
            ],
          }}
        />
      </div>
      <DataTable
        caption={t('charts.table.daily')}
        columns={[t('charts.table.date'), incomeLabel, expensesLabel]}
        rows={income
          .map((day, index) => ({
            date: day.date,
            income: day.total,
            expense: expenses[index]?.total ?? 0,
          }))
          .filter((day) => day.income > 0 || day.expense > 0)
          .map((day) => [
            format.date(day.date),
            format.money(day.income, currency),
            format.money(day.expense, currency),
          ])}
      />
    </>
  );
}

function TimeSeriesChartCanvas({
  label,
  series,
  kind,
  currency,
}: {
  label: string;
  series: DailyTotal[];
  kind: 'income' | 'expense';
  currency: string;
}) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const colours = useChartColours();
  const colour = kind === 'income' ? INCOME_COLOUR : EXPENSE_COLOUR;
  const options: ChartOptions<'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'index', intersect: false },
    scales: timeAxes(colours, format, currency),
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          title: (items: TooltipItem<'line'>[]) => {
            const date = series[items[0]?.dataIndex ?? -1]?.date;
            return date ? format.date(date) : '';
          },
          label: (item: TooltipItem<'line'>) => format.money(Number(item.raw), currency),
        },
      },
    },
  };
  return (
    <>
      <div className="relative h-56">
        <Line
          role="img"
          aria-label={seriesSummary(label, series, currency, t, format)}
          options={options}
          data={{
            labels: series.map((day) => format.shortDate(day.date)),
            datasets: [
              {
                label,
                data: series.map((day) => day.total),
                borderColor: colour,
                backgroundColor: `${colour}33`,
                fill: true,
                tension: 0.3,
                pointRadius: 2,
              },
            ],
          }}
        />
      </div>
      <DataTable
        caption={t('charts.table.series', { label })}
        columns={[t('charts.table.date'), t('charts.table.amount')]}
        rows={series
          .filter((day) => day.total > 0)
          .map((day) => [format.date(day.date), format.money(day.total, currency)])}
      />
    </>
  );
}

// Memoised: the page re-renders as each of its other requests settles, and new data and options
// objects would make react-chartjs-2 update (lay out and redraw) every chart each time.
export const ExpensesByCategoryChart = memo(ExpensesByCategoryChartCanvas);
export const DailyActivityChart = memo(DailyActivityChartCanvas);
export const TimeSeriesChart = memo(TimeSeriesChartCanvas);
