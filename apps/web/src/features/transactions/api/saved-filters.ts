import type { SavedFilter } from '@moneta/shared/saved-filter-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';

export const savedFiltersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.savedFilters.all,
    queryFn: async () => (await api.get<{ filters: SavedFilter[] }>('/filters')).filters,
  });

export function useSavedFilters() {
  return useQuery(savedFiltersQueryOptions());
}

export function useSaveFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) =>
      api.post<SavedFilter>('/filters', input),
    onSettled: () => invalidateFamilies(queryClient, [queryKeys.savedFilters.all]),
  });
}

export function useDeleteSavedFilter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/filters/${encodeURIComponent(id)}`),
    onSettled: () => invalidateFamilies(queryClient, [queryKeys.savedFilters.all]),
  });
}
