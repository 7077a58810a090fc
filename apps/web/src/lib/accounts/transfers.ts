import type { Transfer, ValidTransferInput } from '@moneta/shared/account-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

export function createTransfer(input: ValidTransferInput): Promise<Transfer> {
  return api.post<Transfer>('/transfers', input);
}

export function deleteTransfer(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transfers/${encodeURIComponent(id)}`);
}

/** A transfer moves two balances and the registers; never totals, charts or budgets. */
function useTransferMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateFamilies(queryClient, [queryKeys.accounts.all]),
  });
}

export function useCreateTransfer() {
  return useTransferMutation(createTransfer);
}

export function useDeleteTransfer() {
  return useTransferMutation(deleteTransfer);
}
