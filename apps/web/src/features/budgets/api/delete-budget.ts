import type { Budget } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/**
 * Deletes the budget; `from`, a later month the budget repeats into, stops the repeat from that
 * month on instead (docs/api.md, Budgets: repeat every month).
 */
export function deleteBudget({
  budgetId,
  from,
}: {
  budgetId: string;
  from?: { month: number; year: number } | undefined;
}): Promise<{ message: string }> {
  const query = from ? `?month=${from.month}&year=${from.year}` : '';
  return api.delete<{ message: string }>(`/budgets/${encodeURIComponent(budgetId)}${query}`);
}

export function useDeleteBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBudget,
    onSuccess: (_answer, { budgetId }) => {
      // The row goes at once (so focus never rests on a removed button), then the list refreshes.
      queryClient.setQueriesData<Budget[]>(
        { queryKey: [...queryKeys.budgets.all, 'list'] },
        (budgets) => budgets?.filter((budget) => budget._id !== budgetId),
      );
      return invalidateFamilies(queryClient, refreshAfter.budgetDelete);
    },
  });
}
