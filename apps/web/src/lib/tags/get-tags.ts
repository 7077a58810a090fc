import type { TagList } from '@moneta/shared/tag-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The tags in use with their counts: the Tags page and the list's tag filter read them. */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.tags.all,
    queryFn: async () => (await api.get<TagList>('/tags')).tags,
  });

export function useTags() {
  return useQuery(tagsQueryOptions());
}
