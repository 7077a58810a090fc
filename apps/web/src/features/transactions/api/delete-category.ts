import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionKeys } from './keys';

/** Removes a custom category; its transactions move to Miscellaneous. */
export function deleteCategory(
  categoryToDelete: string,
): Promise<{ message: string; movedCount: number }> {
  return api.delete('/transactions/category', { categoryToDelete });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
