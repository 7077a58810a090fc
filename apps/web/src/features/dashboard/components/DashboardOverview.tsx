import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { PlusIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useFormat } from '@/lib/i18n/use-format';
import {
  chartLabels,
  formatRange,
  periodRange,
  reportsPathFor,
  type DashboardPeriod,
} from '../utils/dashboard-period';
import { AccountsPanel } from './AccountsPanel';
import { DashboardCharts } from './DashboardCharts';
import { PeriodPicker } from './PeriodPicker';
import { RecentTransactions } from './RecentTransactions';
import { SummaryCards } from './SummaryCards';
import { UpcomingPanel } from './UpcomingPanel';

type DashboardOverviewProps = {
  /** The period the totals and charts cover, and today (the user's), which it counts from. */
  period: DashboardPeriod;
  today: string;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** The summary (totals and recent transactions) of the period, loaded by the page. */
  summary: TransactionSummary | undefined;
  summaryError: unknown;
  /** Asks for the summary again after a failure. */
  onRetrySummary: () => void;
  onAddTransaction: () => void;
  /** The add-transaction dialog, from the transactions feature. */
  children?: ReactNode;
};

/**
 * The Dashboard (docs/architecture.md, Product rules): the totals and charts of the chosen
 * period (docs/architecture.md, Product rules), each saying which days it covers, and the newest
 * transactions.
 */
export function DashboardOverview({
  period,
  today,
  onPeriodChange,
  summary,
  summaryError,
  onRetrySummary,
  onAddTransaction,
  children,
}: DashboardOverviewProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const currency = useCurrency();
  const charts = chartLabels(period, today, format, t);
  const reportsTo = reportsPathFor(period, today);
  const canWrite = useCanWrite();
  return (
    <ContentLayout
      title={t('title')}
      actions={
        canWrite ? (
          <Button onClick={onAddTransaction}>
            <PlusIcon />
            {t('addTransaction')}
          </Button>
        ) : null
      }
    >
      {summaryError ? (
        <RetryAlert
          className="mb-6"
          message={errorMessage(summaryError, t('summary.failed'))}
          onRetry={onRetrySummary}
        />
      ) : null}
      <PeriodPicker period={period} today={today} onChange={onPeriodChange} />
      <SummaryCards
        summary={summary}
        isLoading={!summary && !summaryError}
        currency={currency}
        periodText={formatRange(periodRange(period, today), format, t('period.allTime'))}
        reportsTo={reportsTo}
      />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 [&>section]:mt-0">
        <div className="lg:col-span-2 [&>section]:mt-0">
          <AccountsPanel currency={currency} />
        </div>
        <UpcomingPanel currency={currency} />
      </div>
      <DashboardCharts
        currency={currency}
        chartWindow={charts.window}
        periodTitle={charts.title}
        caption={charts.caption}
        reportsTo={reportsTo}
        recent={
          <RecentTransactions
            transactions={summary?.recentTransactions}
            isLoading={!summary && !summaryError}
            currency={currency}
          />
        }
      />
      {children}
    </ContentLayout>
  );
}
