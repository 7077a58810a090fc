import type { Transaction, ValidTransactionInput } from '@moneta/shared/transaction-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { sendTransaction } from '../offline/transaction-queue';

export function updateTransaction(id: string, input: ValidTransactionInput): Promise<Transaction> {
  return api.put<Transaction>(`/transactions/${encodeURIComponent(id)}`, input);
}

/**
 * Creates a transaction (with the Idempotency-Key given, so that a retry records it once), or
 * updates the one whose id is given. That moves the lists, totals and
 * charts, the budgets' spending, an account's balance, and may add a custom category (one typed
 * in the form).
 */
export function useSaveTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input, key }: { id?: string; input: ValidTransactionInput; key: string }) =>
      id ? updateTransaction(id, input) : sendTransaction(input, key),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.transactionSave),
  });
}
