import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/**
 * Removes a custom category: the server moves its transactions and recurring rules to
 * Miscellaneous and deletes its budgets, all in one step.
 */
export function deleteCategory(
  categoryToDelete: string,
): Promise<{ message: string; movedCount: number }> {
  return api.delete('/transactions/category', { categoryToDelete });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // Also after a failure: a category someone already deleted elsewhere leaves the lists too.
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.categoryDelete),
  });
}
