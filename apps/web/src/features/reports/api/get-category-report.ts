import type { CategoryReport } from '@moneta/shared/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reportPath, reportQuery, type ReportRequest } from './report-query';

function categoryQuery(request: ReportRequest, isIncome: boolean) {
  return reportQuery(request, { isIncome: String(isIncome) });
}

export function getCategoryReport(
  request: ReportRequest,
  isIncome: boolean,
): Promise<CategoryReport> {
  return api.get<CategoryReport>(reportPath('categories', categoryQuery(request, isIncome)));
}

export const categoryReportQueryOptions = (request: ReportRequest, isIncome: boolean) =>
  queryOptions({
    queryKey: queryKeys.reports.report('categories', categoryQuery(request, isIncome)),
    queryFn: () => getCategoryReport(request, isIncome),
  });

export function useCategoryReport(request: ReportRequest, isIncome: boolean) {
  return useQuery(categoryReportQueryOptions(request, isIncome));
}
