import type { Transaction, ValidTransactionInput } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionKeys } from './keys';

export function createTransaction(input: ValidTransactionInput): Promise<Transaction> {
  return api.post<Transaction>('/transactions', input);
}

export function updateTransaction(id: string, input: ValidTransactionInput): Promise<Transaction> {
  return api.put<Transaction>(`/transactions/${encodeURIComponent(id)}`, input);
}

/** Creates a transaction, or updates the one whose id is given; then everything refreshes. */
export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ValidTransactionInput }) =>
      id ? updateTransaction(id, input) : createTransaction(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
  });
}
