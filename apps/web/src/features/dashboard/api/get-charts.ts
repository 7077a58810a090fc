import type { ChartData } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Under ['transactions'] like every query about transactions, so that any change to them
 * refreshes the charts too.
 */
export const chartsQueryKey = ['transactions', 'charts'] as const;

/** The last 30 days, ending today in the user's time zone (the server's default window). */
export function getCharts(): Promise<ChartData> {
  return api.get<ChartData>('/transactions/charts');
}

export const chartsQueryOptions = () =>
  queryOptions({ queryKey: chartsQueryKey, queryFn: getCharts });

export function useCharts() {
  return useQuery(chartsQueryOptions());
}
