import type { TransactionSummary } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionKeys } from './keys';

/** All-time totals, the balance and the five newest transactions. */
export function getTransactionSummary(): Promise<TransactionSummary> {
  return api.get<TransactionSummary>('/transactions/summary');
}

export const transactionSummaryQueryOptions = () =>
  queryOptions({ queryKey: transactionKeys.summary, queryFn: getTransactionSummary });

export function useTransactionSummary() {
  return useQuery(transactionSummaryQueryOptions());
}
