import {
  reportPeriods,
  type CashflowReport,
  type CategoryReport,
  type NetWorthReport,
  type PayeeReport,
  type ReportInterval,
} from '@moneta/shared/report-schemas';
import { MAIN_ACCOUNT_ID } from './accounts';

type Query = { query: URLSearchParams };

/** The figures of the months (by their first day) that fall in one period. */
function inPeriod(figures: Record<string, number>, start: string, end: string): number {
  const values = Object.entries(figures).filter(([month]) => month >= start && month <= end);
  return Math.round(values.reduce((sum, [, value]) => sum + value, 0) * 100) / 100;
}

function periodsOf(query: URLSearchParams) {
  return reportPeriods(
    query.get('from') ?? '',
    query.get('to') ?? '',
    (query.get('interval') ?? 'month') as ReportInterval,
  );
}

/**
 * The four reports as the server answers them, over whatever range and interval they are asked
 * for: `income` and `expense` give figures by month (its first day), which each
 * period adds up (absent: zero); `categories` each category's figures alike.
 */
export function reportHandlers({
  income = {},
  expense = {},
  categories = {},
  payees = [],
  unconverted = 0,
}: {
  income?: Record<string, number>;
  expense?: Record<string, number>;
  categories?: Record<string, Record<string, number>>;
  payees?: PayeeReport['payees'];
  unconverted?: number;
} = {}) {
  return {
    'GET /api/reports/cashflow': ({ query }: Query) => {
      const body: CashflowReport = {
        periods: periodsOf(query).map(({ key, start, end }) => {
          const inc = inPeriod(income, key, end);
          const exp = inPeriod(expense, key, end);
          return {
            start,
            end,
            income: inc,
            expense: exp,
            net: Math.round((inc - exp) * 100) / 100,
          };
        }),
        unconverted,
      };
      return { body };
    },
    'GET /api/reports/categories': ({ query }: Query) => {
      const periods = periodsOf(query);
      const rows = query.get('isIncome') === 'true' ? {} : categories;
      const body: CategoryReport = {
        periods: periods.map(({ start, end }) => ({ start, end })),
        categories: Object.entries(rows)
          .map(([name, byPeriod]) => {
            const totals = periods.map(({ key, end }) => inPeriod(byPeriod, key, end));
            const total = totals.reduce((sum, value) => sum + value, 0);
            return {
              name,
              totals,
              total,
              average: Math.round((total / periods.length) * 100) / 100,
            };
          })
          .filter((row) => row.total > 0)
          .sort((a, b) => b.total - a.total),
        unconverted,
      };
      return { body };
    },
    'GET /api/reports/net-worth': ({ query }: Query) => {
      const body: NetWorthReport = {
        points: periodsOf(query).map(({ end }, index) => ({
          date: end,
          total: 1000 + index * 100,
          accounts: [
            {
              accountId: MAIN_ACCOUNT_ID,
              balance: 1000 + index * 100,
              baseBalance: 1000 + index * 100,
            },
          ],
        })),
      };
      return { body };
    },
    'GET /api/reports/payees': ({ query }: Query) => {
      const body: PayeeReport = {
        payees: query.get('isIncome') === 'true' ? [] : payees,
        unconverted,
      };
      return { body };
    },
  };
}

/** The query each call to `path` was made with, as plain objects, in order. */
export function reportQueries(
  calls: ReadonlyArray<{ path: string; query: URLSearchParams }>,
  path: string,
): Array<Record<string, string>> {
  return calls
    .filter((call) => call.path === path)
    .map((call) => Object.fromEntries(call.query.entries()));
}
