import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { transactionKeys } from './keys';

export type CategoryKind = 'expense' | 'income';

/** Built-in categories of that kind, then the user's own A→Z. */
export function getCategories(kind: CategoryKind): Promise<string[]> {
  return api.get<string[]>(`/transactions/categories/${kind}`);
}

export const categoriesQueryOptions = (kind: CategoryKind) =>
  queryOptions({ queryKey: transactionKeys.categories(kind), queryFn: () => getCategories(kind) });

export function useCategories(kind: CategoryKind) {
  return useQuery(categoriesQueryOptions(kind));
}
