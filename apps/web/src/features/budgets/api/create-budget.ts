import type { Budget, ValidBudgetInput } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

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
    // A category the server did not know yet becomes one of the user's own.
    onSuccess: () =>
      invalidateFamilies(queryClient, [queryKeys.budgets.all, queryKeys.categories.all]),
  });
}
