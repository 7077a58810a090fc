import type { BudgetCopyResult, ValidBudgetCopyInput } from '@moneta/shared/budget-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Copies one month's budgets to the categories another month lacks. */
export function copyBudgets(input: ValidBudgetCopyInput): Promise<BudgetCopyResult> {
  return api.post<BudgetCopyResult>('/budgets/copy', input);
}

export function useCopyBudgets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyBudgets,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.budgetSave),
  });
}
