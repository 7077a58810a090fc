import type { ReceiptUploadResult } from '@moneta/shared/receipt-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export type ReceiptUploadInput = {
  file: File;
  /** The account the expense is charged to; empty lets the server choose its default. */
  accountId: string;
};

/**
 * Sends the account, then the file in the multipart field `receipt`; the server reads it and
 * records the expense in that account.
 */
export function uploadReceipt({
  file,
  accountId,
}: ReceiptUploadInput): Promise<ReceiptUploadResult> {
  const form = new FormData();
  if (accountId) form.append('accountId', accountId);
  form.append('receipt', file, file.name);
  return api.upload<ReceiptUploadResult>('/receipts/upload', form);
}

/**
 * The expense recorded moves the transaction lists, totals and charts and the budgets'
 * spending; a category the server did not know yet becomes one of the user's own.
 */
export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.receiptWrite),
  });
}
