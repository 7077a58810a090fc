import type { Recurring } from '@moneta/shared/recurring-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Deletes a rule; the transactions it recorded stay, no longer marked as recurring. */
export function deleteRecurring(recurringId: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/recurring/${encodeURIComponent(recurringId)}`);
}

export function useDeleteRecurring() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurring,
    onSuccess: (_answer, recurringId) => {
      // The row goes at once (so focus never rests on a removed button), then lists refresh.
      queryClient.setQueryData<Recurring[]>(queryKeys.recurring.list, (recurringRules) =>
        recurringRules?.filter((recurringRule) => recurringRule._id !== recurringId),
      );
      return invalidateFamilies(queryClient, refreshAfter.recurringDelete);
    },
  });
}
