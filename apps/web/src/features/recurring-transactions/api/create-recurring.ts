import type { Recurring, ValidRecurringInput } from '@moneta/shared/recurring-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

/** Creates a rule; the server records its occurrences up to today in the same step. */
export function createRecurring(input: ValidRecurringInput): Promise<Recurring> {
  return api.post<Recurring>('/recurring/create', input);
}

/**
 * What saving a rule (creating or updating it) changes: the occurrences recorded move the
 * transaction lists, totals and charts and the budgets' spending, and a category the server did
 * not know yet becomes one of the user's own.
 */
export const CHANGED_BY_SAVING_A_RULE = [
  queryKeys.recurring.all,
  queryKeys.transactions.all,
  queryKeys.accounts.all,
  queryKeys.budgets.all,
  queryKeys.categories.all,
];

/** `onError` runs even when the form is gone (closed while saving). */
export function useCreateRecurring({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurring,
    onError,
    onSuccess: () => invalidateFamilies(queryClient, CHANGED_BY_SAVING_A_RULE),
  });
}
