import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveCsv } from '@/lib/csv/save-download';
import { transactionFilterQuery, type TransactionFilterValues } from './get-transactions';

export const EXPORT_FILE_NAME = 'moneta_transactions.csv';

/**
 * Downloads the CSV of the transactions matching the filters (all of them when none): the
 * server's file as it is, or with `isForSpreadsheet` rewritten for a spreadsheet in the person's
 * language (lib/csv/spreadsheet-csv.ts).
 */
export async function exportTransactions({
  filters,
  isForSpreadsheet = false,
}: {
  filters: TransactionFilterValues;
  isForSpreadsheet?: boolean;
}): Promise<void> {
  const query = transactionFilterQuery(filters).toString();
  const blob = await api.download(`/transactions/export${query ? `?${query}` : ''}`);
  await saveCsv(blob, EXPORT_FILE_NAME, isForSpreadsheet);
}

export function useExportTransactions() {
  return useMutation({ mutationFn: exportTransactions });
}
