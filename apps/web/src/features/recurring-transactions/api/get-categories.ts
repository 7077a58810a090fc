import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Expense and income categories together: the recurring form offers both (SPEC §7). */
export function getCategories(): Promise<string[]> {
  return api.get<string[]>('/transactions/categories');
}

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['recurring', 'categories'],
    queryFn: getCategories,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
