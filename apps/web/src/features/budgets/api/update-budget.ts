import type { Budget, ValidBudgetInput } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

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
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.budgetSave),
  });
}
