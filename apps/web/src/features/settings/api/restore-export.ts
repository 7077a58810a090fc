import type { RestoreResult } from '@moneta/shared/export-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshSessionUser } from '@/lib/auth/get-user';

export type RestoreExportInput = {
  file: File;
  /** How much of the file has been sent, 0 to 1. */
  onProgress: (fraction: number) => void;
};

/** Sends a Moneta export (field `file`); the server restores it all or nothing. */
export function restoreExport({ file, onProgress }: RestoreExportInput): Promise<RestoreResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.uploadWithProgress<RestoreResult>('/export/restore', form, onProgress);
}

/** A restore changes everything (and the user's settings): every query is read again. */
export function useRestoreExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreExport,
    onSuccess: () => Promise.all([queryClient.invalidateQueries(), refreshSessionUser()]),
  });
}
