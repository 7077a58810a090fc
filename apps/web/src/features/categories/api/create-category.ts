import type { Category } from '@moneta/shared/transaction-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Adds a custom category of one kind before any transaction uses it. */
export function createCategory(category: Category): Promise<Category> {
  return api.post<Category>('/categories', category);
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.categoryCreate),
  });
}
