import type { Import, ImportMapping } from '@moneta/shared/import-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import { importPath } from './get-imports';

/** Reads a CSV import again through another column mapping; the answer is the new preview. */
export function updateMapping(importId: string, mapping: ImportMapping): Promise<Import> {
  return api.put<Import>(`${importPath(importId)}/mapping`, { mapping });
}

export function useUpdateMapping(importId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ImportMapping) => updateMapping(importId, mapping),
    onSuccess: async (updated) => {
      queryClient.setQueryData(queryKeys.imports.detail(importId), updated);
      await invalidateFamilies(queryClient, refreshAfter.importMapping(importId));
    },
  });
}
