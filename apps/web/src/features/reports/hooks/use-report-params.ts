import { isCalendarDate } from '@moneta/shared/calendar-date';
import { REPORT_INTERVALS, type ReportInterval } from '@moneta/shared/report-periods';
import { useCallback, useMemo } from 'react';
import { REPORT_RANGE_KEYS } from '@/config/paths';
import { useQueuedSearchParams } from '@/hooks/use-queued-search-params';
import { useToday } from '@/lib/auth/use-today';
import {
  isValidReportRange,
  presetRange,
  REPORT_PRESETS,
  type ReportPreset,
  type ReportRange,
} from '../utils/report-range';
import type { ReportRequest } from '../api/report-query';

export type ReportKind = 'expense' | 'income';

/** What the Reports page shows, as its URL holds it: back from a cell's transactions keeps it. */
export type ReportParams = {
  preset: ReportPreset;
  /** The days shown: the preset's, or the custom span. */
  range: ReportRange;
  interval: ReportInterval;
  /** An account's id, '' for all. */
  account: string;
  /** The user id of the member whose entries count, '' for everyone's. */
  member: string;
  categoryKind: ReportKind;
  payeeKind: ReportKind;
};

export type ReportParamName = 'interval' | 'account' | 'member' | 'categoryKind' | 'payeeKind';

const KEYS = {
  ...REPORT_RANGE_KEYS,
  interval: 'interval',
  account: 'account',
  member: 'member',
  categoryKind: 'categories',
  payeeKind: 'payees',
} as const;

function readKind(value: string | null): ReportKind {
  return value === 'income' ? 'income' : 'expense';
}

/** The page's choices as a query string holds them (also read before the first render). */
export function readReportParams(params: URLSearchParams, today: string): ReportParams {
  const from = params.get(KEYS.from) ?? '';
  const to = params.get(KEYS.to) ?? '';
  const asked = params.get(KEYS.preset) as ReportPreset | null;
  const isCustom = asked === 'custom' && isValidReportRange(from, to);
  const preset: Exclude<ReportPreset, 'custom'> =
    asked && asked !== 'custom' && REPORT_PRESETS.includes(asked) ? asked : 'last-12-months';
  const interval = params.get(KEYS.interval) as ReportInterval | null;
  return {
    preset: isCustom ? 'custom' : preset,
    range: isCustom ? { from, to } : presetRange(preset, today),
    interval: interval && REPORT_INTERVALS.includes(interval) ? interval : 'month',
    account: params.get(KEYS.account) ?? '',
    member: params.get(KEYS.member) ?? '',
    categoryKind: readKind(params.get(KEYS.categoryKind)),
    payeeKind: readKind(params.get(KEYS.payeeKind)),
  };
}

/** What every report is asked with, from the page's choices. */
export function reportRequestOf(params: ReportParams): ReportRequest {
  return {
    ...params.range,
    interval: params.interval,
    accountId: params.account,
    createdBy: params.member,
  };
}

/** The Reports page's choices, kept in the query string; anything unreadable is the default. */
export function useReportParams() {
  const [params, update] = useQueuedSearchParams();
  const today = useToday();

  const value = useMemo(() => readReportParams(params, today), [params, today]);

  /** A preset, or a custom span (its dates checked by the caller). */
  const setRange = useCallback(
    (preset: ReportPreset, range?: ReportRange) =>
      update((next) => {
        next.set(KEYS.preset, preset);
        if (preset === 'custom' && range && isCalendarDate(range.from)) {
          next.set(KEYS.from, range.from);
          next.set(KEYS.to, range.to);
        } else {
          next.delete(KEYS.from);
          next.delete(KEYS.to);
        }
      }),
    [update],
  );

  const setParam = useCallback(
    (name: ReportParamName, text: string) =>
      update((next) => {
        if (text) next.set(KEYS[name], text);
        else next.delete(KEYS[name]);
      }),
    [update],
  );

  return { params: value, today, setRange, setParam };
}
