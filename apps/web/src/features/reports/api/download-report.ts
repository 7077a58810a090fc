import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveCsv } from '@/lib/csv/save-download';
import { reportPath, type ReportName } from './report-query';

/** The file name the API gives each report's CSV (docs/api.md, Reports). */
export function reportFileName(name: ReportName): string {
  return `moneta_${name.replace('-', '_')}.csv`;
}

/**
 * Saves a report's table as CSV: the report's own query with `format=csv`, fetched with the
 * session's token (a plain link would go without it) and handed to the browser as a file.
 */
export async function downloadReport({
  name,
  query,
  isForSpreadsheet = false,
}: {
  name: ReportName;
  query: Record<string, string>;
  /** Rewritten for a spreadsheet in the person's language (lib/csv/spreadsheet-csv.ts). */
  isForSpreadsheet?: boolean;
}): Promise<void> {
  const blob = await api.download(reportPath(name, { ...query, format: 'csv' }));
  await saveCsv(blob, reportFileName(name), isForSpreadsheet);
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
