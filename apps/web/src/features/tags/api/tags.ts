import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

export { useTags } from '@/lib/tags/get-tags';

type TagChange = { message: string; updatedCount: number };

/** Renaming or deleting a tag changes transactions: their lists refresh too. */
const tagFamilies = [queryKeys.tags.all, queryKeys.transactions.all];

export function useRenameTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ from, to }: { from: string; to: string }) =>
      api.put<TagChange>(`/tags/${encodeURIComponent(from)}`, { name: to }),
    onSettled: () => invalidateFamilies(queryClient, tagFamilies),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.delete<TagChange>(`/tags/${encodeURIComponent(name)}`),
    onSettled: () => invalidateFamilies(queryClient, tagFamilies),
  });
}
