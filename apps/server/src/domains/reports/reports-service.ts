import {
  fromStoredHundredths,
  lastTwelveMonths,
  reportPeriods,
  todayIn,
  type CashflowReport,
  type CategoryReport,
  type NetWorthReport,
  type PayeeReport,
  type ReportInterval,
} from '@moneta/shared';
import type { Executor } from '../../db/database';
import { assertOwnAccount } from '../accounts/accounts-service';
import { createRememberedAnswers } from '../answer-cache/remembered-answers';
import type { ActiveHousehold } from '../households/household-id';
import { createReportsRepository, type ReportScope } from './reports-repository';

/** What every report is asked (the query, checked by the route's schema). */
export interface ReportRequest {
  from?: string | undefined;
  to?: string | undefined;
  interval: ReportInterval;
  accountId?: string | undefined;
  createdBy?: string | undefined;
}

/** total / count in hundredths, rounded half away from zero: an average of a few periods. */
function averageCents(totalCents: number, count: number): number {
  const value = totalCents / count;
  return Math.sign(value) * Math.round(Math.abs(value));
}

/**
 * The reports (docs/reports.md): cash flow, categories, net worth and payees over
 * any range, cut into months, quarters or years, every period present (zeros included), in the
 * base currency.
 */
export function createReportsService(db: Executor) {
  const reports = createReportsRepository(db);

  const remembered = createRememberedAnswers(db);

  /** Figures are in the household's base currency; the default range ends in its time zone. */
  function scopeOf(household: ActiveHousehold, request: ReportRequest): ReportScope {
    const range =
      request.from && request.to
        ? { from: request.from, to: request.to }
        : lastTwelveMonths(todayIn(household.timeZone));
    return {
      householdId: household.id,
      base: household.baseCurrency,
      ...range,
      interval: request.interval,
      accountId: request.accountId,
      createdBy: request.createdBy,
    };
  }

  /**
   * A report over `scope`, remembered until the household's data or the rates change
   * (remembered-answers.ts): `question` holds what else it depends on. The account is checked
   * with the computation, so an answer is only ever stored for one of the household's accounts.
   */
  function report<T>(
    name: string,
    scope: ReportScope,
    question: unknown[],
    compute: () => Promise<T>,
  ): Promise<T> {
    return remembered.remember(
      scope.householdId,
      [`report.${name}`, scope, ...question],
      async () => {
        await assertOwnAccount(db, scope.householdId, scope.accountId);
        return compute();
      },
    );
  }

  return {
    cashflow(household: ActiveHousehold, request: ReportRequest): Promise<CashflowReport> {
      const scope = scopeOf(household, request);
      return report('cashflow', scope, [], async () => {
        const sums = new Map((await reports.periodSums(scope, false)).map((row) => [row.key, row]));
        let unconverted = 0;
        const periods = reportPeriods(scope.from, scope.to, scope.interval).map((period) => {
          const row = sums.get(period.key);
          unconverted += (row?.incomeUnconverted ?? 0) + (row?.expenseUnconverted ?? 0);
          const income = row?.incomeCents ?? 0;
          const expense = row?.expenseCents ?? 0;
          return {
            start: period.start,
            end: period.end,
            income: fromStoredHundredths(income),
            expense: fromStoredHundredths(expense),
            net: fromStoredHundredths(income - expense),
          };
        });
        return { periods, unconverted };
      });
    },

    async categories(
      household: ActiveHousehold,
      request: ReportRequest & { isIncome: boolean },
    ): Promise<CategoryReport> {
      const scope = scopeOf(household, request);
      return report('categories', scope, [request.isIncome], async () => {
        const periods = reportPeriods(scope.from, scope.to, scope.interval);
        const position = new Map(periods.map((period, index) => [period.key, index]));
        const byName = new Map<string, number[]>();
        let unconverted = 0;
        for (const row of await reports.periodSums(scope, true)) {
          const index = position.get(row.key);
          if (index === undefined || row.category === null) continue;
          const cents = request.isIncome ? row.incomeCents : row.expenseCents;
          unconverted += request.isIncome ? row.incomeUnconverted : row.expenseUnconverted;
          if (cents === 0) continue;
          const totals = byName.get(row.category) ?? periods.map(() => 0);
          totals[index] = (totals[index] ?? 0) + cents;
          byName.set(row.category, totals);
        }
        const categories = [...byName.entries()]
          .map(([name, totals]) => {
            const total = totals.reduce((sum, cents) => sum + cents, 0);
            return { name, totals, total };
          })
          .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
          .map((category) => ({
            name: category.name,
            totals: category.totals.map(fromStoredHundredths),
            total: fromStoredHundredths(category.total),
            average: fromStoredHundredths(averageCents(category.total, periods.length)),
          }));
        return {
          periods: periods.map(({ start, end }) => ({ start, end })),
          categories,
          unconverted,
        };
      });
    },

    /**
     * Each account's balance at the end of every period, from one read of the ledger (a running
     * sum of each period's movement), and in the base currency at the latest rate of that day.
     */
    netWorth(household: ActiveHousehold, request: ReportRequest): Promise<NetWorthReport> {
      const scope = scopeOf(household, request);
      return report('net-worth', scope, [], async () => {
        const periods = reportPeriods(scope.from, scope.to, scope.interval);
        const [accounts, movements] = await Promise.all([
          reports.accounts(scope),
          reports.accountMovements(scope),
        ]);
        const moved = new Map(
          movements.map((movement) => [`${movement.accountId}|${movement.key}`, movement.cents]),
        );
        const balances = accounts.flatMap((account) => {
          let running = account.openingCents + (moved.get(`${account.id}|null`) ?? 0);
          return periods.map((period) => {
            running += moved.get(`${account.id}|${period.key}`) ?? 0;
            return { accountId: account.id, day: period.end, cents: running };
          });
        });
        const inBase = await reports.inBase(scope.householdId, scope.base, balances);
        const points = periods.map((period, index) => {
          const entries = accounts.map((_, accountIndex) => {
            const at = accountIndex * periods.length + index;
            return { balance: balances[at]!, baseCents: inBase[at] ?? null };
          });
          const totalCents = entries.reduce((sum, entry) => sum + (entry.baseCents ?? 0), 0);
          return {
            date: period.end,
            total: fromStoredHundredths(totalCents),
            accounts: entries.map((entry) => ({
              accountId: entry.balance.accountId,
              balance: fromStoredHundredths(entry.balance.cents),
              baseBalance: entry.baseCents === null ? null : fromStoredHundredths(entry.baseCents),
            })),
          };
        });
        return { points };
      });
    },

    async payees(
      household: ActiveHousehold,
      request: ReportRequest & { isIncome: boolean; limit: number },
    ): Promise<PayeeReport> {
      const scope = scopeOf(household, request);
      return report('payees', scope, [request.isIncome, request.limit], async () => {
        const found = await reports.payees(scope, request.isIncome, request.limit);
        return {
          payees: found.payees.map((payee) => ({
            name: payee.name,
            total: fromStoredHundredths(payee.totalCents),
            count: payee.count,
          })),
          unconverted: found.unconverted,
        };
      });
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
