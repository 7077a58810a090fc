import type { Transfer, ValidTransferInput } from '@moneta/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function createTransfer(input: ValidTransferInput): Promise<Transfer> {
  return api.post<Transfer>('/transfers', input);
}

export function deleteTransfer(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transfers/${encodeURIComponent(id)}`);
}

function useTransferMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transferWrite),
  });
}

export function useCreateTransfer() {
  return useTransferMutation(createTransfer);
}

export function useDeleteTransfer() {
  return useTransferMutation(deleteTransfer);
}
