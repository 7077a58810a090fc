import type { Budget } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { budgetsQueryKey } from './get-budgets';

export function deleteBudget(budgetId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/budgets/${encodeURIComponent(budgetId)}`);
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_answer, budgetId) => {
      // The row goes at once (so focus never rests on a removed button), then the list refreshes.
      queryClient.setQueriesData<Budget[]>({ queryKey: budgetsQueryKey }, (budgets) =>
        budgets?.filter((budget) => budget._id !== budgetId),
      );
      return queryClient.invalidateQueries({ queryKey: budgetsQueryKey });
    },
  });
}
