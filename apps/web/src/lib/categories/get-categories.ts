import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, type CategoryKind } from '@/lib/query-keys';

const CATEGORY_PATHS = {
  expense: '/transactions/categories/expense',
  income: '/transactions/categories/income',
  all: '/transactions/categories',
} as const satisfies Record<CategoryKind, string>;

/**
 * The built-in categories of that kind, then the user's own A→Z; `all` is both kinds without
 * duplicates (the recurring form offers both, docs/api.md, General rules).
 */
export function getCategories(kind: CategoryKind): Promise<string[]> {
  return api.get<string[]>(CATEGORY_PATHS[kind]);
}

export const categoriesQueryOptions = (kind: CategoryKind) =>
  queryOptions({ queryKey: queryKeys.categories.list(kind), queryFn: () => getCategories(kind) });

export function useCategories(kind: CategoryKind) {
  return useQuery(categoriesQueryOptions(kind));
}
