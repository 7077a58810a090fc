import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The days the totals cover, both included; null for all time. */
export type SummaryPeriod = { from: string; to: string } | null;

/** Totals and the balance over a period (all time without one), and the five newest transactions. */
export function getTransactionSummary(period: SummaryPeriod = null): Promise<TransactionSummary> {
  return api.get<TransactionSummary>(
    period ? `/transactions/summary?${new URLSearchParams(period)}` : '/transactions/summary',
  );
}

export const transactionSummaryQueryOptions = (period: SummaryPeriod = null) =>
  queryOptions({
    queryKey: queryKeys.transactions.summary(period ?? { from: null, to: null }),
    queryFn: () => getTransactionSummary(period),
  });

export function useTransactionSummary(period: SummaryPeriod = null) {
  return useQuery(transactionSummaryQueryOptions(period));
}
