import type { ChartData } from '@moneta/shared/transaction-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The days a chart draws, both included (at most MAX_CHART_DAYS). */
export type ChartWindow = { from: string; to: string };

export function getCharts(window: ChartWindow): Promise<ChartData> {
  return api.get<ChartData>(`/transactions/charts?${new URLSearchParams(window)}`);
}

export const chartsQueryOptions = (window: ChartWindow) =>
  queryOptions({
    queryKey: queryKeys.transactions.charts(window),
    queryFn: () => getCharts(window),
  });

export function useCharts(window: ChartWindow) {
  return useQuery(chartsQueryOptions(window));
}
