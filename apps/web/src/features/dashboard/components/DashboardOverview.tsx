import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import type { ReactNode } from 'react';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { PlusIcon } from '@/components/ui/action-icons';
import { Button } from '@/components/ui/Button';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { AccountsPanel } from './AccountsPanel';
import { DashboardCharts } from './DashboardCharts';
import { RecentTransactions } from './RecentTransactions';
import { SummaryCards } from './SummaryCards';
import { UpcomingPanel } from './UpcomingPanel';

type DashboardOverviewProps = {
  /** The summary (totals and recent transactions), loaded by the page that composes this. */
  summary: TransactionSummary | undefined;
  summaryError: unknown;
  /** Asks for the summary again after a failure. */
  onRetrySummary: () => void;
  onAddTransaction: () => void;
  /** The add-transaction dialog, from the transactions feature. */
  children?: ReactNode;
};

/**
 * The Dashboard (docs/architecture.md, Product rules): totals, charts of the last 30 days and the
 * newest transactions.
 */
export function DashboardOverview({
  summary,
  summaryError,
  onRetrySummary,
  onAddTransaction,
  children,
}: DashboardOverviewProps) {
  const currency = useCurrency();
  return (
    <ContentLayout
      title="Dashboard Overview"
      actions={
        <Button onClick={onAddTransaction}>
          <PlusIcon />
          Add Transaction
        </Button>
      }
    >
      {summaryError ? (
        <RetryAlert
          className="mb-6"
          message={errorMessage(summaryError, 'Failed to load your totals. Please try again.')}
          onRetry={onRetrySummary}
        />
      ) : null}
      <SummaryCards summary={summary} isLoading={!summary && !summaryError} currency={currency} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3 [&>section]:mt-0">
        <div className="lg:col-span-2 [&>section]:mt-0">
          <AccountsPanel currency={currency} />
        </div>
        <UpcomingPanel currency={currency} />
      </div>
      <DashboardCharts
        currency={currency}
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
