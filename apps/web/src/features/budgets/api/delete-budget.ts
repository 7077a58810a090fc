import type { Budget } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function deleteBudget(budgetId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/budgets/${encodeURIComponent(budgetId)}`);
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_answer, budgetId) => {
      // The row goes at once (so focus never rests on a removed button), then the list refreshes.
      queryClient.setQueriesData<Budget[]>({ queryKey: queryKeys.budgets.all }, (budgets) =>
        budgets?.filter((budget) => budget._id !== budgetId),
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.budgets.all });
    },
  });
}
