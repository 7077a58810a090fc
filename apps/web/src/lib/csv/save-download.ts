import { runningI18n, currentLocale } from '@/lib/i18n/current';
import { numberFormatOf } from '@/lib/i18n/locale-format';
import { spreadsheetFileName, toSpreadsheetCsv } from './spreadsheet-csv';

/** Hands a file to the browser as a download. */
export function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Saves a CSV of the server's: as it is (the machine format), or rewritten for a spreadsheet in
 * the person's language (./spreadsheet-csv.ts), named `…_spreadsheet.csv`.
 */
export async function saveCsv(
  machineCsv: Blob,
  fileName: string,
  isForSpreadsheet: boolean,
): Promise<void> {
  if (!isForSpreadsheet) return saveDownload(machineCsv, fileName);
  const text = toSpreadsheetCsv(await machineCsv.text(), {
    format: numberFormatOf(currentLocale()),
    t: runningI18n().getFixedT(null, 'common'),
  });
  saveDownload(new Blob([text], { type: 'text/csv;charset=utf-8' }), spreadsheetFileName(fileName));
}
