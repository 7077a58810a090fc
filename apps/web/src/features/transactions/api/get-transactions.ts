import { TRANSACTIONS_PAGE_SIZE } from '@moneta/shared/limits';
import type { TransactionPage } from '@moneta/shared/transaction-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { searchForServer } from '../utils/search-in-locale';

export type TransactionFilterValues = {
  search: string;
  /** '' for all types. */
  type: '' | 'income' | 'expense';
  category: string;
  /** Inclusive calendar dates, '' when unset. */
  from: string;
  to: string;
  /** An account's id, '' for all accounts. */
  account: string;
  /** A tag, '' for any. */
  tag: string;
  /** The user id of the member who entered them, '' for anyone. */
  member: string;
};

export type TransactionListParams = TransactionFilterValues & { page: number; limit?: number };

/** The query string of the list and of the export (empty filters are left out). */
export function transactionFilterQuery(filters: TransactionFilterValues): URLSearchParams {
  const query = new URLSearchParams();
  // Sent in the form the server reads (keywords, dates and category names in English).
  if (filters.search.trim()) query.set('search', searchForServer(filters.search.trim()));
  if (filters.type) query.set('isIncome', String(filters.type === 'income'));
  if (filters.category) query.set('category', filters.category);
  if (filters.from) query.set('startDate', filters.from);
  if (filters.to) query.set('endDate', filters.to);
  if (filters.account) query.set('accountId', filters.account);
  if (filters.tag) query.set('tag', filters.tag);
  if (filters.member) query.set('createdBy', filters.member);
  return query;
}

export function getTransactions(params: TransactionListParams): Promise<TransactionPage> {
  const query = transactionFilterQuery(params);
  query.set('page', String(params.page));
  query.set('limit', String(params.limit ?? TRANSACTIONS_PAGE_SIZE));
  // Transfers show among the transactions, with their own look (docs/transfers.md).
  query.set('includeTransfers', 'true');
  return api.get<TransactionPage>(`/transactions?${query.toString()}`);
}

export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: queryKeys.transactions.list(params),
    queryFn: () => getTransactions(params),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useTransactions(params: TransactionListParams) {
  return useQuery(transactionsQueryOptions(params));
}
