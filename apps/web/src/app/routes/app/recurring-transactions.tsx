import type { QueryClient } from '@tanstack/react-query';
import { recurringQueryOptions } from '@/features/recurring-transactions/api/get-recurring';
import { RecurringTransactionsPage } from '@/features/recurring-transactions/components/RecurringTransactionsPage';

export function RecurringTransactionsRoute() {
  return <RecurringTransactionsPage />;
}

/** The recurring transactions: what the page lists. */
export function prefetch(queryClient: QueryClient) {
  return queryClient.prefetchQuery(recurringQueryOptions());
}
