import type { BudgetSummary } from '@moneta/shared/budget-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { BudgetMonth } from './get-budgets';

/** The month's budgets added up, and its income (the totals row). */
export function getBudgetSummary({ month, year }: BudgetMonth): Promise<BudgetSummary> {
  return api.get<BudgetSummary>(`/budgets/summary?month=${month}&year=${year}`);
}

export const budgetSummaryQueryOptions = (viewed: BudgetMonth) =>
  queryOptions({
    queryKey: queryKeys.budgets.summary(viewed),
    queryFn: () => getBudgetSummary(viewed),
  });

export function useBudgetSummary(viewed: BudgetMonth) {
  return useQuery(budgetSummaryQueryOptions(viewed));
}
