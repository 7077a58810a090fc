import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { chartsQueryOptions } from '@/features/dashboard/api/get-charts';
import { upcomingQueryOptions, UPCOMING_DAYS } from '@/features/dashboard/api/get-upcoming';
import { DashboardOverview } from '@/features/dashboard/components/DashboardOverview';
import { useDashboardPeriod } from '@/features/dashboard/hooks/use-dashboard-period';
import {
  chartLabels,
  periodRange,
  readStoredPeriod,
} from '@/features/dashboard/utils/dashboard-period';
import {
  transactionSummaryQueryOptions,
  useTransactionSummary,
} from '@/features/transactions/api/get-summary';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';
import { knownUser } from '@/lib/auth/get-user';
import { todayInUserZone } from '@/lib/time-zone';

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
  const { period, choosePeriod, today } = useDashboardPeriod();
  const summary = useTransactionSummary(periodRange(period, today));
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [hasOpenedForm, setHasOpenedForm] = useState(false);
  return (
    <DashboardOverview
      period={period}
      today={today}
      onPeriodChange={choosePeriod}
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

/**
 * The dashboard's data: the totals and charts of the remembered period, the accounts and upcoming
 * panels. Today is counted as the page will count it (the user as known so far), so the first
 * render finds these very queries.
 */
export function prefetch(queryClient: QueryClient) {
  const period = readStoredPeriod();
  const today = todayInUserZone(knownUser()?.timeZone);
  return Promise.all([
    queryClient.prefetchQuery(transactionSummaryQueryOptions(periodRange(period, today))),
    queryClient.prefetchQuery(accountsQueryOptions()),
    queryClient.prefetchQuery(upcomingQueryOptions(UPCOMING_DAYS)),
    queryClient.prefetchQuery(chartsQueryOptions(chartLabels(period, today).window)),
  ]);
}
