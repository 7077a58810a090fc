import type { ReportInterval } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import {
  selectedRowsInBase,
  convertedCents,
  dayTotalsInBase,
  ratesOfDays,
  rowRate,
} from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';

/**
 * The reports' SQL (docs/reports.md). Every figure is in the household's base currency, each
 * transaction at its own day's rate (src/db/base-amount-sql.ts); transfers are never income or
 * expense. Rows are grouped by their period's first day (`date_trunc`), which the service maps to
 * the periods of the range.
 */

/** Whose books and over what: the range is inclusive, the account optional (all of them). */
export interface ReportScope {
  householdId: HouseholdId;
  base: string;
  from: string;
  to: string;
  interval: ReportInterval;
  accountId?: string | undefined;
  /** Only the transactions this member entered. */
  createdBy?: string | undefined;
}

/** Sums of one period (and category, for the category report) in base hundredths. */
export interface PeriodSums {
  key: string;
  category: string | null;
  incomeCents: number;
  expenseCents: number;
  /** Rows of each kind left out for want of a rate. */
  incomeUnconverted: number;
  expenseUnconverted: number;
}

/**
 * The rows a report sums, in base: kept daily totals for all accounts and members, else the
 * rows of the account or member asked for.
 */
function rowsInBase(scope: ReportScope): SQL {
  const window = { from: scope.from, to: scope.to };
  return scope.accountId || scope.createdBy
    ? selectedRowsInBase(scope.householdId, scope, scope.base, window)
    : dayTotalsInBase(scope.householdId, scope.base, window);
}

// On a plain timestamp: a date taken as timestamptz is converted through the session's time zone.
const periodKey = (interval: ReportInterval, day: SQL) =>
  sql`date_trunc(${interval}::text, ${day}::timestamp)::date::text`;

export function createReportsRepository(db: Executor) {
  return {
    /** Income, expense and unconverted rows per period (and per category when `byCategory`). */
    async periodSums(scope: ReportScope, byCategory: boolean): Promise<PeriodSums[]> {
      const category = byCategory ? sql`rows.category` : sql`NULL::text`;
      const result = await db.execute<{
        key: string;
        category: string | null;
        income_cents: string | number;
        expense_cents: string | number;
        income_unconverted: number;
        expense_unconverted: number;
      }>(sql`
        SELECT ${periodKey(scope.interval, sql`rows.added_on`)} AS key, ${category} AS category,
          coalesce(sum(rows.cents) FILTER (WHERE rows.is_income), 0) AS income_cents,
          coalesce(sum(rows.cents) FILTER (WHERE NOT rows.is_income), 0) AS expense_cents,
          coalesce(sum(rows.missing) FILTER (WHERE rows.is_income), 0)::int AS income_unconverted,
          coalesce(sum(rows.missing) FILTER (WHERE NOT rows.is_income), 0)::int AS expense_unconverted
        FROM ${rowsInBase(scope)} AS rows
        GROUP BY 1, 2`);
      return result.rows.map((row) => ({
        key: row.key,
        category: row.category,
        incomeCents: Number(row.income_cents),
        expenseCents: Number(row.expense_cents),
        incomeUnconverted: Number(row.income_unconverted),
        expenseUnconverted: Number(row.expense_unconverted),
      }));
    },

    /**
     * Payees of one kind over the range, by normalised name (moneta_fold: "REWE Markt" and
     * "rewe markt" are one), largest total first, each named by the spelling it has most often.
     * Every transaction is read once; each currency and day is looked up once.
     */
    async payees(
      scope: ReportScope,
      isIncome: boolean,
      limit: number,
    ): Promise<{
      payees: Array<{ name: string; totalCents: number; count: number }>;
      unconverted: number;
    }> {
      const account = scope.accountId ? sql` AND t.account_id = ${scope.accountId}::uuid` : sql``;
      const author = scope.createdBy ? sql` AND t.created_by = ${scope.createdBy}::uuid` : sql``;
      const base = scope.base;
      const result = await db.execute<{
        name: string | null;
        total_cents: string | number;
        count: number;
        unconverted: number;
      }>(sql`
        WITH picked AS MATERIALIZED (
          SELECT t.name, t.added_on, t.currency, t.cost_cents, t.base_cost_cents, t.base_cost_currency
          FROM transactions AS t
          WHERE t.household_id = ${scope.householdId}::uuid AND t.is_income = ${isIncome}
            AND NOT t.is_pending AND t.added_on BETWEEN ${scope.from}::date AND ${scope.to}::date${account}${author}
        ), day_rates AS MATERIALIZED (
          SELECT * FROM ${ratesOfDays(
            scope.householdId,
            base,
            sql`(SELECT DISTINCT p.currency, p.added_on FROM picked AS p
              WHERE p.currency <> ${base}::text AND p.base_cost_currency IS DISTINCT FROM ${base}::text)`,
          )} AS found
        ), by_name AS (
          -- Summed per spelling first: a history has a few hundred names, and folding each
          -- (accents, case, punctuation) once is what costs, not once per row.
          SELECT converted.name, count(*) AS rows, sum(converted.cents) AS cents,
            count(converted.cents) AS counted
          FROM (
            SELECT p.name,
              CASE WHEN p.currency = ${base}::text THEN p.cost_cents
                WHEN p.base_cost_currency = ${base}::text THEN p.base_cost_cents
                ELSE ${convertedCents(sql`p.cost_cents`, sql`dr.rate`, base)} END AS cents
            FROM picked AS p
            LEFT JOIN day_rates AS dr ON dr.currency = p.currency AND dr.added_on = p.added_on
          ) AS converted
          GROUP BY converted.name
        ), grouped AS (
          -- Named by the spelling with the most rows (the first in order on a tie).
          SELECT (array_agg(name ORDER BY rows DESC, name))[1] AS name,
            coalesce(sum(cents), 0) AS total_cents, sum(counted)::int AS count,
            (sum(rows) - sum(counted))::int AS unconverted
          FROM by_name GROUP BY moneta_fold(name)
        )
        SELECT name, total_cents, count, unconverted FROM (
          (SELECT name, total_cents, count, 0 AS unconverted FROM grouped
           WHERE count > 0 ORDER BY total_cents DESC, name LIMIT ${limit})
          UNION ALL
          SELECT NULL, 0, 0, coalesce(sum(unconverted), 0)::int FROM grouped
        ) AS answer`);
      const rows = result.rows;
      const totals = rows.filter((row) => row.name !== null);
      return {
        payees: totals.map((row) => ({
          name: row.name!,
          totalCents: Number(row.total_cents),
          count: row.count,
        })),
        unconverted: Number(rows.find((row) => row.name === null)?.unconverted ?? 0),
      };
    },

    /**
     * What moved each account, in its own currency, per period of the range, and everything
     * before the range as one movement keyed by `from`'s period: one read of the ledger, however
     * many periods (a running sum of these is each period's balance). A transaction in another
     * currency than its account's counts as the balance counts it (docs/currencies.md).
     */
    async accountMovements(
      scope: ReportScope,
    ): Promise<Array<{ accountId: string; key: string | null; cents: number }>> {
      const account = (column: SQL) =>
        scope.accountId ? sql` AND ${column} = ${scope.accountId}::uuid` : sql``;
      const key = sql`CASE WHEN moves.day < ${scope.from}::date THEN NULL
        ELSE ${periodKey(scope.interval, sql`moves.day`)} END`;
      const result = await db.execute<{
        account_id: string;
        key: string | null;
        cents: string | number;
      }>(sql`
        WITH owned AS MATERIALIZED (
          SELECT a.id, a.currency FROM accounts AS a
          WHERE a.household_id = ${scope.householdId}::uuid${account(sql`a.id`)}
        ), moves AS (
          -- Rows in their account's currency: the kept sums per account, currency and day
          -- (account_daily_movements), a few thousand rows instead of the whole ledger.
          SELECT daily.account_id, daily.day, daily.flow_cents AS cents
          FROM account_daily_movements AS daily
          JOIN owned AS a ON a.id = daily.account_id AND a.currency = daily.currency
          WHERE daily.household_id = ${scope.householdId}::uuid AND daily.day <= ${scope.to}::date
          UNION ALL
          SELECT t.account_id, t.added_on,
            CASE WHEN t.is_income THEN 1 ELSE -1 END * coalesce(
              CASE WHEN t.base_cost_currency = a.currency THEN t.base_cost_cents
                ELSE ${convertedCents(sql`t.cost_cents`, sql`r.rate`, sql`a.currency`)} END, 0)
          FROM owned AS a
          -- Rows in another currency than their account's: the two ranges of
          -- transactions_account_currency_idx around the account's currency, usually empty.
          CROSS JOIN LATERAL (
            SELECT * FROM transactions AS t
            WHERE t.account_id = a.id AND t.currency < a.currency AND NOT t.is_pending
            UNION ALL
            SELECT * FROM transactions AS t
            WHERE t.account_id = a.id AND t.currency > a.currency AND NOT t.is_pending
          ) AS t
          LEFT JOIN LATERAL ${rowRate(
            {
              householdId: sql`t.household_id`,
              currency: sql`t.currency`,
              day: sql`t.added_on`,
              baseCostCurrency: sql`t.base_cost_currency`,
            },
            sql`a.currency`,
          )} AS r ON true
          WHERE t.household_id = ${scope.householdId}::uuid AND t.added_on <= ${scope.to}::date
          UNION ALL
          SELECT f.from_account_id, f.date, -f.amount_cents FROM transfers AS f
          WHERE f.household_id = ${scope.householdId}::uuid AND f.date <= ${scope.to}::date${account(sql`f.from_account_id`)}
          UNION ALL
          SELECT f.to_account_id, coalesce(f.to_date, f.date), coalesce(f.to_amount_cents, f.amount_cents)
          FROM transfers AS f
          WHERE f.household_id = ${scope.householdId}::uuid AND coalesce(f.to_date, f.date) <= ${scope.to}::date${account(sql`f.to_account_id`)}
        )
        SELECT moves.account_id, ${key} AS key, sum(moves.cents) AS cents
        FROM moves GROUP BY 1, 2`);
      return result.rows.map((row) => ({
        accountId: row.account_id,
        key: row.key,
        cents: Number(row.cents),
      }));
    },

    /** The household's accounts (or the one asked for) with their currency and opening balance. */
    async accounts(scope: ReportScope) {
      const account = scope.accountId ? sql` AND a.id = ${scope.accountId}::uuid` : sql``;
      const result = await db.execute<{
        id: string;
        currency: string;
        opening_cents: string | number;
      }>(sql`
        SELECT a.id, a.currency, a.opening_balance_cents AS opening_cents FROM accounts AS a
        WHERE a.household_id = ${scope.householdId}::uuid${account}
        ORDER BY a.is_archived, a.created_at, a.id`);
      return result.rows.map((row) => ({
        id: row.id,
        currency: row.currency,
        openingCents: Number(row.opening_cents),
      }));
    },

    /**
     * Balances (account, day, hundredths of its currency) in `base` at the latest rate on or
     * before each day, whatever its age (a balance is "then"); null where none is known.
     */
    async inBase(
      householdId: HouseholdId,
      base: string,
      balances: Array<{ accountId: string; day: string; cents: number }>,
    ): Promise<Array<number | null>> {
      if (balances.length === 0) return [];
      const result = await db.execute<{ base_cents: string | number | null }>(sql`
        SELECT CASE WHEN a.currency = ${base}::text THEN b.cents
          ELSE ${convertedCents(sql`b.cents`, sql`r.rate`, base)} END AS base_cents
        FROM unnest(${sql.param(balances.map((b) => b.accountId))}::uuid[],
          ${sql.param(balances.map((b) => b.day))}::date[],
          ${sql.param(balances.map((b) => b.cents))}::numeric[]) WITH ORDINALITY AS b(account_id, day, cents, n)
        JOIN accounts AS a ON a.id = b.account_id
        LEFT JOIN LATERAL ${rowRate(
          { householdId, currency: sql`a.currency`, day: sql`b.day` },
          base,
          null,
        )} AS r ON true
        ORDER BY b.n`);
      return result.rows.map((row) => (row.base_cents === null ? null : Number(row.base_cents)));
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
