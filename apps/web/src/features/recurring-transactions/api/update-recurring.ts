import type { Recurring, ValidRecurringInput } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

/** Updates a rule; missing occurrences up to today are recorded, none twice. */
export function updateRecurring({
  recurringId,
  input,
}: {
  recurringId: string;
  input: ValidRecurringInput;
}): Promise<Recurring> {
  return api.put<Recurring>(`/recurring/${encodeURIComponent(recurringId)}`, input);
}

/**
 * Refreshes what saving a rule changes, like creating one (see useCreateRecurring).
 * `onError` runs even when the form is gone (closed while saving).
 */
export function useUpdateRecurring({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurring,
    onError,
    onSuccess: () =>
      invalidateFamilies(queryClient, [
        queryKeys.recurring.all,
        queryKeys.transactions.all,
        queryKeys.budgets.all,
        queryKeys.categories.all,
      ]),
  });
}
