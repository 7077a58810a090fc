import { MONETA_EXPORT_FILE_NAME } from '@moneta/shared/export-file';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Downloads the zip of everything of the user (GET /export), with the bearer token. */
export async function downloadExport(): Promise<void> {
  const blob = await api.download('/export');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = MONETA_EXPORT_FILE_NAME;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport });
}
