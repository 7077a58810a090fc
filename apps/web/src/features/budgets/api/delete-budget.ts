import type { Budget } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function deleteBudget(budgetId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/budgets/${encodeURIComponent(budgetId)}`);
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_answer, budgetId) => {
      // The row goes at once (so focus never rests on a removed button), then the list refreshes.
      queryClient.setQueriesData<Budget[]>(
        { queryKey: [...queryKeys.budgets.all, 'list'] },
        (budgets) => budgets?.filter((budget) => budget._id !== budgetId),
      );
      return invalidateFamilies(queryClient, refreshAfter.budgetDelete);
    },
  });
}
