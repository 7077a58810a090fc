import type { QueryClient } from '@tanstack/react-query';
import { cashflowReportQueryOptions } from '@/features/reports/api/get-cashflow-report';
import { categoryReportQueryOptions } from '@/features/reports/api/get-category-report';
import { netWorthReportQueryOptions } from '@/features/reports/api/get-net-worth-report';
import { payeeReportQueryOptions } from '@/features/reports/api/get-payee-report';
import { ReportsPage } from '@/features/reports/components/ReportsPage';
import { readReportParams, reportRequestOf } from '@/features/reports/hooks/use-report-params';
import { previousRange } from '@/features/reports/utils/report-range';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';
import { knownUser } from '@/lib/auth/get-user';
import { todayInUserZone } from '@/lib/time-zone';

export function ReportsRoute() {
  return <ReportsPage />;
}

/**
 * The four reports as the address asks for them (and the previous range the cash flow and the
 * categories compare with), and the accounts: drawn with them, the page is one sliced first
 * render instead of one blocking render per answer.
 */
export function prefetch(queryClient: QueryClient) {
  const today = todayInUserZone(knownUser()?.timeZone);
  const params = readReportParams(new URLSearchParams(window.location.search), today);
  const request = reportRequestOf(params);
  const before = { ...request, ...previousRange(request) };
  const categoriesOfIncome = params.categoryKind === 'income';
  return Promise.all([
    queryClient.prefetchQuery(accountsQueryOptions()),
    queryClient.prefetchQuery(cashflowReportQueryOptions(request)),
    queryClient.prefetchQuery(cashflowReportQueryOptions(before)),
    queryClient.prefetchQuery(categoryReportQueryOptions(request, categoriesOfIncome)),
    queryClient.prefetchQuery(categoryReportQueryOptions(before, categoriesOfIncome)),
    queryClient.prefetchQuery(netWorthReportQueryOptions(request)),
    queryClient.prefetchQuery(payeeReportQueryOptions(request, params.payeeKind === 'income')),
  ]);
}
