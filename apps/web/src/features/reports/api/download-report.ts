import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
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
}: {
  name: ReportName;
  query: Record<string, string>;
}): Promise<void> {
  const blob = await api.download(reportPath(name, { ...query, format: 'csv' }));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = reportFileName(name);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
