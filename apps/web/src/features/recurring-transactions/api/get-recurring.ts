import type { Recurring } from '@moneta/shared/recurring-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The user's recurring transactions, the next one due first. */
export function getRecurring(): Promise<Recurring[]> {
  return api.get<Recurring[]>('/recurring');
}

export const recurringQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.recurring.list, queryFn: getRecurring });

export function useRecurring() {
  return useQuery(recurringQueryOptions());
}
