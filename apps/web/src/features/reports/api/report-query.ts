import type { ReportInterval } from '@moneta/shared/report-schemas';

/** What every report is asked with (docs/api.md, Reports). */
export type ReportRequest = {
  from: string;
  to: string;
  interval: ReportInterval;
  /** '' for all accounts. */
  accountId: string;
  /** A member's user id: only what they entered counts (not in net worth); '' for everyone. */
  createdBy: string;
};

/** The four reports, by the last part of their API path. */
export type ReportName = 'cashflow' | 'categories' | 'net-worth' | 'payees';

/** A report's query string, `extra` added (isIncome, limit, format); empty values left out. */
export function reportQuery(request: ReportRequest, extra: Record<string, string> = {}) {
  const query: Record<string, string> = {
    from: request.from,
    to: request.to,
    interval: request.interval,
  };
  if (request.accountId) query.accountId = request.accountId;
  if (request.createdBy) query.createdBy = request.createdBy;
  return { ...query, ...extra };
}

export function reportPath(name: ReportName, query: Record<string, string>): string {
  return `/reports/${name}?${new URLSearchParams(query).toString()}`;
}
