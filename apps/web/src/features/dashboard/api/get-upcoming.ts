import type { UpcomingOccurrence } from '@moneta/shared/recurring-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How far ahead the dashboard looks. */
export const UPCOMING_DAYS = 30;

/** The recurring transactions still to come in the next `days` days, oldest first. */
export function getUpcoming(days: number): Promise<UpcomingOccurrence[]> {
  return api.get<UpcomingOccurrence[]>(`/recurring/upcoming?days=${days}`);
}

export const upcomingQueryOptions = (days: number) =>
  queryOptions({ queryKey: queryKeys.recurring.upcoming(days), queryFn: () => getUpcoming(days) });

export function useUpcoming(days: number) {
  return useQuery(upcomingQueryOptions(days));
}
