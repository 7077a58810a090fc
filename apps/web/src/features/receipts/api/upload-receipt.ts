import type { ReceiptUploadResult } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { receiptsQueryKey } from './get-receipts';

/**
 * Every query about transactions starts with this key (lists, totals, charts). The receipts
 * feature may not import the transactions feature, so it names the shared prefix itself.
 */
const TRANSACTIONS_QUERY_PREFIX = ['transactions'] as const;

/** Sends the file in the multipart field `receipt`; the server reads it and records the expense. */
export function uploadReceipt(file: File): Promise<ReceiptUploadResult> {
  const form = new FormData();
  form.append('receipt', file, file.name);
  return api.upload<ReceiptUploadResult>('/receipts/upload', form);
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReceipt,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TRANSACTIONS_QUERY_PREFIX }),
        queryClient.invalidateQueries({ queryKey: receiptsQueryKey }),
      ]),
  });
}
