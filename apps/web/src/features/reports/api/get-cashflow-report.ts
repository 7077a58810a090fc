import type { CashflowReport } from '@moneta/shared/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reportPath, reportQuery, type ReportRequest } from './report-query';

export function getCashflowReport(request: ReportRequest): Promise<CashflowReport> {
  return api.get<CashflowReport>(reportPath('cashflow', reportQuery(request)));
}

export const cashflowReportQueryOptions = (request: ReportRequest) =>
  queryOptions({
    queryKey: queryKeys.reports.report('cashflow', reportQuery(request)),
    queryFn: () => getCashflowReport(request),
  });

export function useCashflowReport(request: ReportRequest) {
  return useQuery(cashflowReportQueryOptions(request));
}
