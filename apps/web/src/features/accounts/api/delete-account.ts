import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Deletes an empty account (the server refuses one with history, and the last one). */
export function deleteAccount(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/accounts/${encodeURIComponent(id)}`);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.accountWrite),
  });
}
