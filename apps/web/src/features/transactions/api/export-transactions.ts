import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionFilterQuery, type TransactionFilterValues } from './get-transactions';

export const EXPORT_FILE_NAME = 'moneta_transactions.csv';

/** Downloads the CSV of the transactions matching the filters (all of them when none). */
export async function exportTransactions(filters: TransactionFilterValues): Promise<void> {
  const query = transactionFilterQuery(filters).toString();
  const blob = await api.download(`/transactions/export${query ? `?${query}` : ''}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
