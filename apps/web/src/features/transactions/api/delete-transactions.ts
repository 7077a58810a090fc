import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionKeys } from './keys';

export function deleteTransaction(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transactions/${encodeURIComponent(id)}`);
}

/** All or nothing: if one id is not the user's, nothing is deleted. */
export function bulkDeleteTransactions(
  transactionIds: string[],
): Promise<{ message: string; deletedCount: number }> {
  return api.delete('/transactions/bulk', { transactionIds });
}

/** Deletes one transaction (a single id) or several at once. */
export function useDeleteTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const [only] = ids;
      if (ids.length === 1 && only) await deleteTransaction(only);
      else await bulkDeleteTransactions(ids);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
