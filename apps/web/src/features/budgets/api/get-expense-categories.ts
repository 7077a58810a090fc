import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Budgets are set on expense categories: the built-in ones, then the user's own. */
export function getExpenseCategories(): Promise<string[]> {
  return api.get<string[]>('/transactions/categories/expense');
}

export const expenseCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['budgets', 'expense-categories'],
    queryFn: getExpenseCategories,
  });

export function useExpenseCategories({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...expenseCategoriesQueryOptions(), enabled: isEnabled });
}
