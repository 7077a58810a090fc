import type { Budget, ValidBudgetInput } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Creates a budget; a second one for the same category and month is refused (409). */
export function createBudget(input: ValidBudgetInput): Promise<Budget> {
  return api.post<Budget>('/budgets', input);
}

/** `onError` runs even when the form is gone (closed while saving). */
export function useCreateBudget({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBudget,
    onError,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.budgetSave),
  });
}
