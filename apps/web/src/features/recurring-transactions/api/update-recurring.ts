import type { Recurring, ValidRecurringInput } from '@moneta/shared/recurring-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

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

/** `onError` runs even when the form is gone (closed while saving). */
export function useUpdateRecurring({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRecurring,
    onError,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.recurringSave),
  });
}
