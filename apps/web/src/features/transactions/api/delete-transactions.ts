import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function deleteTransaction(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transactions/${encodeURIComponent(id)}`);
}

/** All or nothing: if one id is not the user's, nothing is deleted. */
export function bulkDeleteTransactions(
  transactionIds: string[],
): Promise<{ message: string; deletedCount: number }> {
  return api.delete('/transactions/bulk', { transactionIds });
}

/**
 * Deletes one transaction (a single id) or several at once. That moves the lists, totals and
 * charts and the budgets' spending; a receipt whose expense goes shows it as deleted.
 */
export function useDeleteTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const [only] = ids;
      if (ids.length === 1 && only) await deleteTransaction(only);
      else await bulkDeleteTransactions(ids);
    },
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transactionDelete),
  });
}
