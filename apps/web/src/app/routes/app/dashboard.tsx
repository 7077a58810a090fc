import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { chartsQueryOptions } from '@/features/dashboard/api/get-charts';
import { upcomingQueryOptions, UPCOMING_DAYS } from '@/features/dashboard/api/get-upcoming';
import { DashboardOverview } from '@/features/dashboard/components/DashboardOverview';
import {
  transactionSummaryQueryOptions,
  useTransactionSummary,
} from '@/features/transactions/api/get-summary';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';

// The form, and the validation schemas it needs, load when it is first opened: built with the
// page, they were main-thread time before the dashboard could show anything.
const TransactionFormDialog = lazy(async () => ({
  default: (await import('@/features/transactions/components/TransactionFormDialog'))
    .TransactionFormDialog,
}));

/**
 * The dashboard (features/dashboard) with the transaction form of features/transactions: the
 * route composes the two features, which never import each other.
 */
export function DashboardRoute() {
  const summary = useTransactionSummary();
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [hasOpenedForm, setHasOpenedForm] = useState(false);
  return (
    <DashboardOverview
      summary={summary.data}
      summaryError={summary.error}
      onRetrySummary={() => void summary.refetch()}
      onAddTransaction={() => {
        setHasOpenedForm(true);
        setIsFormOpen(true);
      }}
    >
      {hasOpenedForm ? (
        <Suspense fallback={null}>
          <TransactionFormDialog isOpen={isFormOpen} onClose={() => setIsFormOpen(false)} />
        </Suspense>
      ) : null}
    </DashboardOverview>
  );
}

/** The dashboard's data: the totals, the accounts and upcoming panels, and the charts. */
export function prefetch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(transactionSummaryQueryOptions()),
    queryClient.prefetchQuery(accountsQueryOptions()),
    queryClient.prefetchQuery(upcomingQueryOptions(UPCOMING_DAYS)),
    queryClient.prefetchQuery(chartsQueryOptions()),
  ]);
}
