import { useTranslation } from 'react-i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { Skeleton } from '@/components/ui/Skeleton';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useNearViewport } from '@/hooks/use-near-viewport';
import { errorMessage } from '@/lib/api-client';
import { useCharts, type ChartWindow } from '../api/get-charts';
import { hasActivity } from './chart-summaries';
import { ReportLink } from './ReportLink';
// Types only: the code is loaded on demand below.
import type * as ChartsModule from './charts';

/** chart.js and the four charts: one chunk, fetched when the first chart comes into view. */
type Charts = typeof ChartsModule;
let loadedCharts: Charts | undefined;
const loadCharts = () =>
  import('./charts').then((charts) => {
    loadedCharts = charts;
    return charts;
  });

function Card({
  title,
  caption,
  report,
  className = '',
  children,
}: {
  title: string;
  /** Which days the card shows. */
  caption: string;
  /** The report that shows these figures period by period. */
  report?: { to: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900 ${className}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 className="text-base font-semibold text-neutral-900 dark:text-white">{title}</h2>
        {report ? <ReportLink to={report.to} label={report.label} /> : null}
      </div>
      <p className="mb-4 text-xs text-neutral-600 dark:text-neutral-400">{caption}</p>
      {children}
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="flex h-48 items-center justify-center text-center text-sm text-neutral-600 dark:text-neutral-400">
      {children}
    </p>
  );
}

/** The cards' chart heights (Tailwind classes): the tall top row, the shorter line charts. */
const TALL = 'h-72';
const SHORT = 'h-56';

/** Charts waiting for their turn to be drawn, one per task. */
const chartTurns: Array<() => void> = [];

function takeTurns() {
  chartTurns.shift()?.();
  if (chartTurns.length > 0) setTimeout(takeTurns, 0);
}

/**
 * The charts' code once this chart may be drawn: when it has come into view and the charts
 * before it have been drawn, one per task, so that creating them (chart.js measures and draws
 * each canvas) is short tasks rather than one long one that would keep the page from answering
 * input. The code too is fetched and run only then: on a phone every chart is below the fold,
 * and chart.js's 60 kB and its start-up (140 ms at a phone's speed) are spent only if the user
 * scrolls to one. Each slot keeps its own state: re-rendering the component that holds the
 * charts query would bring a query back into a cache that sign-out has just emptied.
 */
function useChartTurn(isInView: boolean): Charts | undefined {
  const [charts, setCharts] = useState<Charts>();
  useEffect(() => {
    if (!isInView) return;
    let isCurrent = true;
    const turn = () => {
      // Drawn now, in this task: a render React scheduled itself could join the next chart's.
      if (isCurrent && loadedCharts) flushSync(() => setCharts(loadedCharts));
    };
    void loadCharts().then(() => {
      chartTurns.push(turn);
      if (chartTurns.length === 1) setTimeout(takeTurns, 0);
    });
    return () => {
      isCurrent = false;
    };
  }, [isInView]);
  return charts;
}

function ChartSlot({ height, draw }: { height: string; draw: (charts: Charts) => ReactNode }) {
  const [ref, isInView] = useNearViewport<HTMLDivElement>();
  const charts = useChartTurn(isInView);
  return <div ref={ref}>{charts ? draw(charts) : <Skeleton className={`${height} w-full`} />}</div>;
}

type DashboardChartsProps = {
  currency: string;
  recent: ReactNode;
  /** The days the charts draw: the dashboard's period, at most two years of it. */
  chartWindow: ChartWindow;
  /** The period's name in the Daily Activity title: "Last 30 Days" by default. */
  periodTitle: string;
  /** The window's dates, and why it is shorter than the period when it is. */
  caption: string;
  /** The Reports page over the dashboard's period. */
  reportsTo: string;
};

/** The charts of the dashboard's period, with Recent Transactions placed among them. */
export function DashboardCharts({
  currency,
  recent,
  chartWindow,
  periodTitle,
  caption,
  reportsTo,
}: DashboardChartsProps) {
  const { t } = useTranslation('dashboard');
  const cashflowReport = { to: reportsTo, label: t('cashFlowReport') };
  const charts = useCharts(chartWindow);
  const data = charts.data;

  function body(
    height: string,
    isEmpty: (d: NonNullable<typeof data>) => boolean,
    empty: string,
    chart: (d: NonNullable<typeof data>, charts: Charts) => ReactNode,
  ) {
    // One alert above the charts says what failed and offers Retry.
    if (charts.isError) return <Empty>{t('notLoadedSentence')}</Empty>;
    if (!data) return <Skeleton className={`${height} w-full`} />;
    if (isEmpty(data)) return <Empty>{empty}</Empty>;
    return <ChartSlot height={height} draw={(charts) => chart(data, charts)} />;
  }

  return (
    <>
      {charts.isError ? (
        <RetryAlert
          className="mt-6"
          message={errorMessage(charts.error, t('charts.failed'))}
          onRetry={() => void charts.refetch()}
        />
      ) : null}
      {/* Once for the four charts: they share one window and one count. */}
      <UnconvertedNotice count={data?.unconverted ?? 0} className="mt-6 -mb-4" />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card
          title={t('charts.expensesByCategory')}
          caption={caption}
          report={{ to: reportsTo, label: t('charts.categoryReport') }}
        >
          {body(
            TALL,
            (d) => d.expensesByCategory.length === 0,
            t('charts.noExpenses'),
            (d, { ExpensesByCategoryChart }) => (
              <ExpensesByCategoryChart items={d.expensesByCategory} currency={currency} />
            ),
          )}
        </Card>
        <Card
          title={t('charts.dailyActivity', { period: periodTitle })}
          caption={caption}
          report={cashflowReport}
          className="lg:col-span-2"
        >
          {body(
            TALL,
            (d) => !hasActivity(d.incomeOverTime) && !hasActivity(d.expensesOverTime),
            t('charts.noActivity'),
            (d, { DailyActivityChart }) => (
              <DailyActivityChart
                income={d.incomeOverTime}
                expenses={d.expensesOverTime}
                currency={currency}
              />
            ),
          )}
        </Card>
        <Card title={t('recent.title')} caption={t('recent.caption')}>
          {recent}
        </Card>
        <Card title={t('charts.incomeVsTime')} caption={caption} report={cashflowReport}>
          {body(
            SHORT,
            (d) => !hasActivity(d.incomeOverTime),
            t('charts.noIncome'),
            (d, { TimeSeriesChart }) => (
              <TimeSeriesChart
                label={t('charts.income')}
                kind="income"
                series={d.incomeOverTime}
                currency={currency}
              />
            ),
          )}
        </Card>
        <Card title={t('charts.expenseVsTime')} caption={caption} report={cashflowReport}>
          {body(
            SHORT,
            (d) => !hasActivity(d.expensesOverTime),
            // docs/architecture.md, Product rules: in English the expense line chart reuses the
            // income chart's empty text; the other languages say that no expenses are shown.
            t('charts.noExpenseSeries'),
            (d, { TimeSeriesChart }) => (
              <TimeSeriesChart
                label={t('charts.expenses')}
                kind="expense"
                series={d.expensesOverTime}
                currency={currency}
              />
            ),
          )}
        </Card>
      </div>
    </>
  );
}
