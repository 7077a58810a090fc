import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { afterLedgerChange } from './commit-import';
import { importPath } from './get-imports';

/** Undo: the transactions the import created are deleted (a preview is simply dropped). */
export function undoImport(importId: string): Promise<{ deleted: number }> {
  return api.delete<{ deleted: number }>(importPath(importId));
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSettled: () => afterLedgerChange(queryClient),
  });
}
