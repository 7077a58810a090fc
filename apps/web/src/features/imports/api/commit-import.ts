import type { ImportCommitInput, ImportCommitResult } from '@moneta/shared/import-schemas';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { importPath } from './get-imports';

/**
 * A commit or an undo adds or removes many transactions at once: the lists, the dashboard's
 * totals and charts, the budgets' spending and the accounts' balances all move, and a first
 * income may have created the "Other Income" category.
 */
export function afterLedgerChange(queryClient: QueryClient) {
  return invalidateFamilies(queryClient, [
    queryKeys.imports.all,
    queryKeys.transactions.all,
    queryKeys.accounts.all,
    queryKeys.budgets.all,
    queryKeys.categories.all,
  ]);
}

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
    onSettled: () => afterLedgerChange(queryClient),
  });
}
