import type { TransactionListParams } from './get-transactions';

/**
 * Every query about transactions lives under ['transactions'] (the dashboard's charts too), so a
 * change invalidates that one prefix and lists, totals, charts and categories all refresh.
 */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (params: TransactionListParams) => ['transactions', 'list', params] as const,
  summary: ['transactions', 'summary'] as const,
  categories: (kind: 'expense' | 'income') => ['transactions', 'categories', kind] as const,
};
