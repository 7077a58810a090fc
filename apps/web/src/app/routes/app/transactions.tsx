import type { QueryClient } from '@tanstack/react-query';
import { ManageCategoriesDialog } from '@/features/categories/components/ManageCategoriesDialog';
import { savedFiltersQueryOptions } from '@/features/transactions/api/saved-filters';
import { transactionsQueryOptions } from '@/features/transactions/api/get-transactions';
import { TransactionsPage } from '@/features/transactions/components/TransactionsPage';
import { readStoredRowsPerPage } from '@/features/transactions/hooks/use-rows-per-page';
import {
  readTransactionFilters,
  readTransactionPage,
} from '@/features/transactions/hooks/use-transaction-filters';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';
import { categoriesQueryOptions } from '@/lib/categories/get-categories';
import { tagsQueryOptions } from '@/lib/tags/get-tags';

/** The categories are their own feature; the Transactions page opens their dialog. */
export function TransactionsRoute() {
  return (
    <TransactionsPage renderManageCategories={(dialog) => <ManageCategoriesDialog {...dialog} />} />
  );
}

/**
 * The list as the address and this device's rows per page choose it, and what its filters
 * offer (accounts, categories, tags, saved filters): the queries the first render reads.
 */
export function prefetch(queryClient: QueryClient) {
  const params = new URLSearchParams(window.location.search);
  const list = {
    ...readTransactionFilters(params),
    page: readTransactionPage(params),
    limit: readStoredRowsPerPage(),
  };
  return Promise.all([
    queryClient.prefetchQuery(transactionsQueryOptions(list)),
    queryClient.prefetchQuery(accountsQueryOptions()),
    queryClient.prefetchQuery(categoriesQueryOptions('expense')),
    queryClient.prefetchQuery(categoriesQueryOptions('income')),
    queryClient.prefetchQuery(tagsQueryOptions()),
    queryClient.prefetchQuery(savedFiltersQueryOptions()),
  ]);
}
