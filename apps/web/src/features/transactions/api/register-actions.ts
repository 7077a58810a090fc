import type {
  BulkEditPrevious,
  BulkEditResult,
  TransactionPage,
  TrashPage,
} from '@moneta/shared/transaction-schemas';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { transactionFilterQuery, type TransactionFilterValues } from './get-transactions';

/** The fields a bulk edit can set (PATCH /transactions/bulk). */
export type BulkEditFields = {
  category?: string;
  accountId?: string;
  name?: string;
  addedOn?: string;
  note?: string | null;
  tags?: string[];
};

export function bulkEdit(transactionIds: string[], set: BulkEditFields): Promise<BulkEditResult> {
  return api.patch<BulkEditResult>('/transactions/bulk', { transactionIds, set });
}

/** Undoes a bulk edit: puts back what it answered as `previous`. */
export function revertBulkEdit(previous: BulkEditPrevious[]): Promise<BulkEditResult> {
  return api.post<BulkEditResult>('/transactions/bulk/revert', { previous });
}

export function restoreFromTrash(
  transactionIds: string[],
): Promise<{ message: string; restoredCount: number }> {
  return api.post('/transactions/trash/restore', { transactionIds });
}

/** A bulk edit, and its undo: both move the whole ledger. */
export function useBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, set }: { ids: string[]; set: BulkEditFields }) => bulkEdit(ids, set),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transactionSave),
  });
}

export function useRevertBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertBulkEdit,
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transactionSave),
  });
}

export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreFromTrash,
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transactionSave),
  });
}

export const trashQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...queryKeys.transactions.all, 'trash', page] as const,
    queryFn: () => api.get<TrashPage>(`/transactions/trash?page=${page}&limit=25`),
    placeholderData: keepPreviousData,
  });

export function useTrash(page: number) {
  return useQuery(trashQueryOptions(page));
}

/**
 * The ids of every transaction the filters select (transfer legs are not transactions), for an
 * action on "all matching": 100 a page, at most `max`.
 */
export async function getMatchingIds(
  filters: TransactionFilterValues,
  max: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < max; page++) {
    const query = transactionFilterQuery(filters);
    query.set('page', String(page));
    query.set('limit', '100');
    const body = await api.get<TransactionPage>(`/transactions?${query.toString()}`);
    ids.push(...body.transactions.map((transaction) => transaction._id));
    if (page >= body.totalPages) break;
  }
  return ids.slice(0, max);
}
