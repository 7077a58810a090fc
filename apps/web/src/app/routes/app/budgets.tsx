import type { QueryClient } from '@tanstack/react-query';
import { budgetSummaryQueryOptions } from '@/features/budgets/api/get-budget-summary';
import { budgetsQueryOptions } from '@/features/budgets/api/get-budgets';
import { goalsQueryOptions } from '@/features/budgets/api/goals';
import { BudgetsPage } from '@/features/budgets/components/BudgetsPage';
import { budgetMonthOf, parseMonthValue } from '@/features/budgets/utils/budget-month';
import { knownUser } from '@/lib/auth/get-user';
import { todayInUserZone } from '@/lib/time-zone';

export function BudgetsRoute() {
  return <BudgetsPage />;
}

/**
 * The month the address names (else the current one, today counted as the page counts it),
 * its totals, and the goals: the queries the first render reads.
 */
export function prefetch(queryClient: QueryClient) {
  const month = new URLSearchParams(window.location.search).get('month');
  const viewed = parseMonthValue(month) ?? budgetMonthOf(todayInUserZone(knownUser()?.timeZone));
  return Promise.all([
    queryClient.prefetchQuery(budgetsQueryOptions(viewed)),
    queryClient.prefetchQuery(budgetSummaryQueryOptions(viewed)),
    queryClient.prefetchQuery(goalsQueryOptions()),
  ]);
}
