import type { Recurring } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const recurringQueryKey = ['recurring', 'list'] as const;

/** The user's recurring transactions, the next one due first. */
export function getRecurring(): Promise<Recurring[]> {
  return api.get<Recurring[]>('/recurring');
}

export const recurringQueryOptions = () =>
  queryOptions({
    queryKey: recurringQueryKey,
    queryFn: getRecurring,
    // Next due dates move on as the server records occurrences: refetch on every visit.
    staleTime: 0,
  });

export function useRecurring() {
  return useQuery(recurringQueryOptions());
}
