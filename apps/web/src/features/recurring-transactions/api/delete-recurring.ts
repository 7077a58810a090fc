import type { Recurring } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { recurringQueryKey } from './get-recurring';
import { invalidateAfterRecurringChange } from './invalidate-after-change';

/** Deletes a rule; the transactions it recorded stay. */
export function deleteRecurring(recurringId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/recurring/${encodeURIComponent(recurringId)}`);
}

export function useDeleteRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurring,
    onSuccess: (_answer, recurringId) => {
      // The row goes at once (so focus never rests on a removed button), then lists refresh.
      queryClient.setQueryData<Recurring[]>(recurringQueryKey, (rules) =>
        rules?.filter((rule) => rule._id !== recurringId),
      );
      return invalidateAfterRecurringChange(queryClient);
    },
  });
}
