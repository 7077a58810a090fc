import type { ImportCommitInput, ImportCommitResult } from '@moneta/shared/import-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { importPath } from './get-imports';

export function commitImport(
  importId: string,
  input: ImportCommitInput,
): Promise<ImportCommitResult> {
  return api.post<ImportCommitResult>(`${importPath(importId)}/commit`, input);
}

/** Creates the import's transactions, in one database transaction on the server. */
export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ importId, input }: { importId: string; input: ImportCommitInput }) =>
      commitImport(importId, input),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.importCommit),
  });
}
