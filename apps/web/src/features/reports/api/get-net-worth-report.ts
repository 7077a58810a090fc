import type { NetWorthReport } from '@moneta/shared/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reportPath, reportQuery, type ReportRequest } from './report-query';

export function getNetWorthReport(request: ReportRequest): Promise<NetWorthReport> {
  return api.get<NetWorthReport>(reportPath('net-worth', reportQuery(request)));
}

export const netWorthReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: queryKeys.reports.report('net-worth', reportQuery(request)),
    queryFn: () => getNetWorthReport(request),
  });

export function useNetWorthReport(request: ReportRequest) {
  return useQuery(netWorthReportQueryOptions(request));
}
