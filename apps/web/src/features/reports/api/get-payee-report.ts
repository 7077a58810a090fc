import type { PayeeReport } from '@moneta/shared/report-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { reportPath, reportQuery, type ReportRequest } from './report-query';

function payeeQuery(request: ReportRequest, isIncome: boolean) {
  return reportQuery(request, { isIncome: String(isIncome) });
}

/** The top payees (the API's default: 20) of the range; periods do not cut this one. */
export function getPayeeReport(request: ReportRequest, isIncome: boolean): Promise<PayeeReport> {
  return api.get<PayeeReport>(reportPath('payees', payeeQuery(request, isIncome)));
}

export const payeeReportQueryOptions = (request: ReportRequest, isIncome: boolean) =>
  queryOptions({
    queryKey: queryKeys.reports.report('payees', payeeQuery(request, isIncome)),
    queryFn: () => getPayeeReport(request, isIncome),
  });

export function usePayeeReport(request: ReportRequest, isIncome: boolean) {
  return useQuery(payeeReportQueryOptions(request, isIncome));
}
