import type {
  CategoryChange,
  CategoryChangeResult,
  CategoryVisibility,
  ManagedCategory,
} from '@moneta/shared/category-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/** Every category of both kinds, hidden ones too, with how many transactions each holds. */
export function getManagedCategories(): Promise<ManagedCategory[]> {
  return api.get<ManagedCategory[]>('/categories');
}

export const managedCategoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories.managed, queryFn: getManagedCategories });

export function useManagedCategories() {
  return useQuery(managedCategoriesQueryOptions());
}

/** Renames a category, or merges it into an existing one of its kind (the server decides). */
export function changeCategory(change: CategoryChange): Promise<CategoryChangeResult> {
  return api.put<CategoryChangeResult>('/categories', change);
}

export function useChangeCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCategory,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.categoryChange),
  });
}

export function setCategoryHidden(visibility: CategoryVisibility): Promise<CategoryVisibility> {
  return api.put<CategoryVisibility>('/categories/hidden', visibility);
}

export function useSetCategoryHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCategoryHidden,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.categoryVisibility),
  });
}
