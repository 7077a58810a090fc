import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** All-time totals, the balance and the five newest transactions. */
export function getTransactionSummary(): Promise<TransactionSummary> {
  return api.get<TransactionSummary>('/transactions/summary');
}

export const transactionSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.transactions.summary, queryFn: getTransactionSummary });

export function useTransactionSummary() {
  return useQuery(transactionSummaryQueryOptions());
}
