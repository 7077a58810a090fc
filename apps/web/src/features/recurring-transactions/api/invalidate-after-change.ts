import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

/**
 * Saving or deleting a rule changes more than the list: the server records the rule's due
 * occurrences as transactions at once, which moves the transaction list, the dashboard's totals
 * and charts, the budgets' spending and maybe the categories. Everything but the session is
 * marked stale; only what is on screen refetches now, the rest when it is next shown.
 */
export function invalidateAfterRecurringChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.user[0],
  });
}
