import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCharts } from '../api/get-charts';
import { hasActivity } from './chart-summaries';

// One chunk for chart.js and the four charts, fetched after the page has painted.
const loadCharts = () => import('./charts');
const ExpensesByCategoryChart = lazy(async () => ({
  default: (await loadCharts()).ExpensesByCategoryChart,
}));
const DailyActivityChart = lazy(async () => ({ default: (await loadCharts()).DailyActivityChart }));
const TimeSeriesChart = lazy(async () => ({ default: (await loadCharts()).TimeSeriesChart }));

const NO_INCOME = 'No income data to display.';

function Card({
  title,
  className = '',
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className={`min-w-0 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900 ${className}`}
    >
      <h2 className="mb-4 text-base font-semibold text-neutral-900 dark:text-white">{title}</h2>
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

/** Charts waiting for their turn to be drawn, one per task. */
const chartTurns: Array<() => void> = [];

function takeTurns() {
  chartTurns.shift()?.();
  if (chartTurns.length > 0) setTimeout(takeTurns, 0);
}

/**
 * Whether a chart may be drawn: once its code is in and the charts before it are, one per task,
 * so that creating them (chart.js measures and draws each canvas) is four short tasks rather
 * than one long one that would keep the page from answering input. Each slot keeps its own
 * state: re-rendering the component that holds the charts query would bring a query back into
 * a cache that sign-out has just emptied.
 */
function useChartTurn(): boolean {
  const [isTurn, setIsTurn] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    const turn = () => {
      if (isCurrent) setIsTurn(true);
    };
    void loadCharts().then(() => {
      chartTurns.push(turn);
      if (chartTurns.length === 1) setTimeout(takeTurns, 0);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return isTurn;
}

function ChartSlot({ height, children }: { height: string; children: ReactNode }) {
  const isTurn = useChartTurn();
  const skeleton = <Skeleton className={`${height} w-full`} />;
  return isTurn ? <Suspense fallback={skeleton}>{children}</Suspense> : skeleton;
}

/** The charts of the last 30 days, with Recent Transactions placed among them. */
export function DashboardCharts({ currency, recent }: { currency: string; recent: ReactNode }) {
  const charts = useCharts();
  const data = charts.data;

  function body(
    height: string,
    isEmpty: (d: NonNullable<typeof data>) => boolean,
    empty: string,
    chart: (d: NonNullable<typeof data>) => ReactNode,
  ) {
    // One alert above the charts says what failed and offers Retry.
    if (charts.isError) return <Empty>Not loaded.</Empty>;
    if (!data) return <Skeleton className={`${height} w-full`} />;
    if (isEmpty(data)) return <Empty>{empty}</Empty>;
    return <ChartSlot height={height}>{chart(data)}</ChartSlot>;
  }

  return (
    <>
      {charts.isError ? (
        <RetryAlert
          className="mt-6"
          message={errorMessage(charts.error, 'Failed to load the charts. Please try again.')}
          onRetry={() => void charts.refetch()}
        />
      ) : null}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card title="Expenses by Category">
          {body(
            'h-72',
            (d) => d.expensesByCategory.length === 0,
            'No expense data to display.',
            (d) => (
              <ExpensesByCategoryChart items={d.expensesByCategory} currency={currency} />
            ),
          )}
        </Card>
        <Card title="Daily Activity (Last 30 Days)" className="lg:col-span-2">
          {body(
            'h-72',
            (d) => !hasActivity(d.incomeOverTime) && !hasActivity(d.expensesOverTime),
            'No recent activity to display.',
            (d) => (
              <DailyActivityChart
                income={d.incomeOverTime}
                expenses={d.expensesOverTime}
                currency={currency}
              />
            ),
          )}
        </Card>
        <Card title="Recent Transactions">{recent}</Card>
        <Card title="Income Vs Time">
          {body(
            'h-56',
            (d) => !hasActivity(d.incomeOverTime),
            NO_INCOME,
            (d) => (
              <TimeSeriesChart
                label="Income"
                kind="income"
                series={d.incomeOverTime}
                currency={currency}
              />
            ),
          )}
        </Card>
        <Card title="Expense Vs Time">
          {body(
            'h-56',
            (d) => !hasActivity(d.expensesOverTime),
            // SPEC §2: the expense line chart reuses the income chart's empty text.
            NO_INCOME,
            (d) => (
              <TimeSeriesChart
                label="Expenses"
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
