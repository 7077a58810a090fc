import type { Budget } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every budget query starts with this key; saving or deleting a budget refreshes them all. */
export const budgetsQueryKey = ['budgets', 'list'] as const;

export type BudgetMonth = { month: number; year: number };

/** One month's budgets with their spending, computed by the server (DESIGN §2). */
export function getBudgets({ month, year }: BudgetMonth): Promise<Budget[]> {
  return api.get<Budget[]>(`/budgets?month=${month}&year=${year}`);
}

export const budgetsQueryOptions = (viewed: BudgetMonth) =>
  queryOptions({
    queryKey: [...budgetsQueryKey, viewed],
    queryFn: () => getBudgets(viewed),
    // Spending changes whenever a transaction does, on other pages too: refetch on every visit.
    staleTime: 0,
  });

export function useBudgets(viewed: BudgetMonth) {
  return useQuery(budgetsQueryOptions(viewed));
}
