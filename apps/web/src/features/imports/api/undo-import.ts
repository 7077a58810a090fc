import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { importPath } from './get-imports';

/** Undo: the transactions the import created are deleted (a preview is simply dropped). */
export function undoImport(importId: string): Promise<{ deleted: number }> {
  return api.delete<{ deleted: number }>(importPath(importId));
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.importCommit),
  });
}
