import type { Transfer, ValidTransferInput } from '@moneta/shared/account-schemas';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export function createTransfer(input: ValidTransferInput): Promise<Transfer> {
  return api.post<Transfer>('/transfers', input);
}

/** Recorded transactions turned into one transfer (docs/transfers.md). */
export function transferFromTransactions(input: {
  transactionIds: string[];
  accountId?: string;
}): Promise<Transfer> {
  return api.post<Transfer>('/transfers/from-transactions', input);
}

export function deleteTransfer(id: string): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/transfers/${encodeURIComponent(id)}`);
}

function useTransferMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  families: readonly QueryKey[] = refreshAfter.transferWrite,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => invalidateFamilies(queryClient, families),
  });
}

export function useTransferFromTransactions() {
  return useTransferMutation(transferFromTransactions, refreshAfter.transferFromTransactions);
}

export function useCreateTransfer() {
  return useTransferMutation(createTransfer);
}

export function useDeleteTransfer() {
  return useTransferMutation(deleteTransfer);
}
