import type { ChartData } from '@moneta/shared/transaction-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The last 30 days, ending today in the user's time zone (the server's default window). */
export function getCharts(): Promise<ChartData> {
  return api.get<ChartData>('/transactions/charts');
}

export const chartsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.transactions.charts, queryFn: getCharts });

export function useCharts() {
  return useQuery(chartsQueryOptions());
}
