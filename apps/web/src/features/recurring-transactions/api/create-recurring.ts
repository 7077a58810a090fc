import type { Recurring, ValidRecurringInput } from '@moneta/shared/recurring-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Creates a rule; the server records its occurrences up to today in the same step. */
export function createRecurring(input: ValidRecurringInput): Promise<Recurring> {
  return api.post<Recurring>('/recurring/create', input);
}

/** `onError` runs even when the form is gone (closed while saving). */
export function useCreateRecurring({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurring,
    onError,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.recurringSave),
  });
}
