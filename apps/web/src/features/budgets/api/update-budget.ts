import type { Budget, ValidBudgetInput } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

export function updateBudget({
  budgetId,
  input,
}: {
  budgetId: string;
  input: ValidBudgetInput;
}): Promise<Budget> {
  return api.put<Budget>(`/budgets/${encodeURIComponent(budgetId)}`, input);
}

/** `onError` runs even when the form is gone (closed while saving). */
export function useUpdateBudget({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBudget,
    onError,
    // A category the server did not know yet becomes one of the user's own.
    onSuccess: () =>
      invalidateFamilies(queryClient, [queryKeys.budgets.all, queryKeys.categories.all]),
  });
}
