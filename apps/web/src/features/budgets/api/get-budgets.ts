import type { Budget } from '@moneta/shared/budget-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type BudgetMonth = { month: number; year: number };

/** One month's budgets with their spending, computed by the server (docs/api.md, General rules). */
export function getBudgets({ month, year }: BudgetMonth): Promise<Budget[]> {
  return api.get<Budget[]>(`/budgets?month=${month}&year=${year}`);
}

/** Whatever changes transactions refreshes these too, for the spending they show. */
export const budgetsQueryOptions = (viewed: BudgetMonth) =>
  queryOptions({ queryKey: queryKeys.budgets.list(viewed), queryFn: () => getBudgets(viewed) });

export function useBudgets(viewed: BudgetMonth) {
  return useQuery(budgetsQueryOptions(viewed));
}
