// The reads the API benchmarks load (api-bench.ts, households-bench.ts): each endpoint's path and
// the service call that answers it.
import { addDays } from '@moneta/shared';
import type * as schema from '../../src/db/schema';
import type { createAccountsService } from '../../src/domains/accounts/accounts-service';
import type { createBudgetsService } from '../../src/domains/budgets/budgets-service';
import type { ActiveHousehold } from '../../src/domains/households/household-id';
import type { createReportsService } from '../../src/domains/reports/reports-service';
import type { createTransactionsService } from '../../src/domains/transactions/transactions-service';

export interface Services {
  transactions: ReturnType<typeof createTransactionsService>;
  accounts: ReturnType<typeof createAccountsService>;
  reports: ReturnType<typeof createReportsService>;
  budgets: ReturnType<typeof createBudgetsService>;
}

export interface Endpoint {
  name: string;
  path: string;
  run?: (services: Services, user: Caller) => Promise<unknown>;
}

/** The user the service calls act for, and the household they act on (as a request's). */
export type Caller = schema.UserRow & { household: ActiveHousehold };

/** The reads measured, each with its path and the service call that answers it. */
export function benchEndpoints(today: string): Endpoint[] {
  const filtered = {
    isIncome: false,
    category: 'Food',
    startDate: addDays(today, -90),
    endDate: today,
  };
  const threeYears = { from: addDays(today, -3 * 365), to: today };
  const [thisYear, thisMonthNumber] = today.split('-').map(Number) as [number, number];
  const thisMonth = { month: thisMonthNumber, year: thisYear };
  return [
    {
      name: 'list page 1',
      path: '/api/transactions?page=1&limit=10',
      run: ({ transactions }, user) => transactions.list(user.household, {}, 1, 10),
    },
    {
      name: 'list page 500',
      path: '/api/transactions?page=500&limit=10',
      run: ({ transactions }, user) => transactions.list(user.household, {}, 500, 10),
    },
    {
      name: 'search "coffee"',
      path: '/api/transactions?search=coffee',
      run: ({ transactions }, user) =>
        transactions.list(user.household, { search: 'coffee' }, 1, 10),
    },
    {
      // A search with operators, at ≥ 0.8 of its ceiling (the service alone), the target of every
      // read (docs/benchmarks.md).
      name: 'search with two operators',
      path: `/api/transactions?search=${encodeURIComponent('amount:>100 category:Food')}`,
      run: ({ transactions }, user) =>
        transactions.list(user.household, { search: 'amount:>100 category:Food' }, 1, 10),
    },
    {
      name: 'filtered list',
      path: `/api/transactions?isIncome=false&category=Food&startDate=${filtered.startDate}&endDate=${filtered.endDate}`,
      run: ({ transactions }, user) => transactions.list(user.household, filtered, 1, 10),
    },
    {
      name: 'summary',
      path: '/api/transactions/summary',
      run: ({ transactions }, user) => transactions.summary(user.household),
    },
    {
      name: 'charts (30 days)',
      path: '/api/transactions/charts',
      run: ({ transactions }, user) => transactions.charts(user.household, {}),
    },
    {
      name: 'accounts (5, with balances)',
      path: '/api/accounts',
      run: ({ accounts }, user) => accounts.list(user.household),
    },
    // The reports over the three years of the heavy user's history, by month (36 periods).
    ...(['cashflow', 'categories', 'net-worth', 'payees'] as const).map((report) => ({
      name: `report ${report} (36 months)`,
      path: `/api/reports/${report}?from=${threeYears.from}&to=${threeYears.to}&interval=month`,
      run: ({ reports }: Services, user: Caller) => {
        const request = { ...threeYears, interval: 'month' as const };
        if (report === 'cashflow') return reports.cashflow(user.household, request);
        if (report === 'categories')
          return reports.categories(user.household, { ...request, isIncome: false });
        if (report === 'net-worth') return reports.netWorth(user.household, request);
        return reports.payees(user.household, { ...request, isIncome: false, limit: 20 });
      },
    })),
    {
      // A month's budgets: p99 ≤ 50 ms (docs/benchmarks.md). Half of the 50 rows chain back 24
      // months.
      name: 'budgets of a month (50 categories × 24 months, half rolling over)',
      path: `/api/budgets?month=${thisMonth.month}&year=${thisMonth.year}`,
      run: ({ budgets }, user) => budgets.list(user.household, thisMonth),
    },
    {
      name: 'budgets summary (the same month, with its income)',
      path: `/api/budgets/summary?month=${thisMonth.month}&year=${thisMonth.year}`,
      run: ({ budgets }, user) => budgets.summary(user.household, thisMonth),
    },
  ];
}
