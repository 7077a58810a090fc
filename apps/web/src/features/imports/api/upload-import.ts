import type { Import } from '@moneta/shared/import-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export type UploadImportInput = {
  file: File;
  accountId: string;
  /** How much of the file has been sent, 0 to 1. */
  onProgress: (fraction: number) => void;
};

/** Sends the bank file (field `file`) and the account; the server answers its preview. */
export function uploadImport({ file, accountId, onProgress }: UploadImportInput): Promise<Import> {
  const form = new FormData();
  // The account first, so the server checks it before it reads the file.
  if (accountId) form.append('accountId', accountId);
  form.append('file', file, file.name);
  return api.uploadWithProgress<Import>('/imports', form, onProgress);
}

/** Nothing is created by an upload: only the history gains a preview. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (created) => {
      queryClient.setQueryData(queryKeys.imports.detail(created._id), created);
      void invalidateFamilies(queryClient, refreshAfter.importUpload);
    },
  });
}
