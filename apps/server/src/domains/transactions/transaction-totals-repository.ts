import { sql } from 'drizzle-orm';
import { dayTotalsInBase, foreignRows } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { transactionTotals } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';

/**
 * Reads of the totals that triggers keep (src/db/derived): the summary's sums and the charts'
 * daily and per-category sums, a few rows each instead of a household's whole history — in
 * its base currency: the rows in other currencies are read one by one and converted at their
 * own day's rate (src/db/base-amount-sql.ts).
 */

/** A row of chartTotals: a day's total per kind, or a category's total per kind. */
export interface ChartTotalRow {
  date: string | null;
  /** null only on the row of the whole window (date and category null too). */
  isIncome: boolean | null;
  category: string | null;
  totalCents: number;
  unconverted: number;
}

/** Income and expense in the base currency, and how many rows no rate converts. */
export interface KindTotals {
  incomeCents: number;
  expenseCents: number;
  unconverted: number;
}

interface KindTotalsRow extends Record<string, unknown> {
  income_cents: number | null;
  expense_cents: number | null;
  unconverted: number | null;
}

function toKindTotals(row: KindTotalsRow | undefined): KindTotals {
  return {
    incomeCents: Number(row?.income_cents ?? 0),
    expenseCents: Number(row?.expense_cents ?? 0),
    unconverted: Number(row?.unconverted ?? 0),
  };
}

const KIND_SUMS = sql`coalesce(sum(cents) FILTER (WHERE is_income), 0)::numeric AS income_cents,
  coalesce(sum(cents) FILTER (WHERE NOT is_income), 0)::numeric AS expense_cents,
  coalesce(sum(missing), 0)::int AS unconverted`;

export function createTransactionTotalsRepository(db: Executor) {
  return {
    /** All-time income and expense in `base`: the kept totals, corrected for other currencies. */
    async totals(householdId: HouseholdId, base: string): Promise<KindTotals> {
      const kept = transactionTotals;
      const result = await db.execute<KindTotalsRow>(sql`
        SELECT ${KIND_SUMS} FROM (
          SELECT ${kept.isIncome} AS is_income, ${kept.sumCents} AS cents, 0 AS missing
          FROM ${kept} WHERE ${kept.householdId} = ${householdId}
          UNION ALL
          SELECT f.is_income, coalesce(f.base_cents, 0) - f.cost_cents,
            (f.base_cents IS NULL AND f.first_part)::int
          FROM ${foreignRows(householdId, base)} AS f
        ) AS parts`);
      return toKindTotals(result.rows[0]);
    },

    /**
     * Income and expense in `base` over [from, to] (inclusive), from the kept daily totals (a
     * few rows a day whatever the number of transactions), corrected for other currencies.
     */
    async totalsBetween(
      householdId: HouseholdId,
      base: string,
      from: string,
      to: string,
    ): Promise<KindTotals> {
      const result = await db.execute<KindTotalsRow>(sql`
        SELECT ${KIND_SUMS} FROM ${dayTotalsInBase(householdId, base, { from, to })} AS parts`);
      return toKindTotals(result.rows[0]);
    },

    /**
     * The charts' two sums in `base` over [from, to] in one pass over the window: per day and
     * kind (`category` null), and per kind and category (`date` null), the latter largest
     * first; and one row with both null whose `unconverted` counts the rows no rate converts.
     */
    async chartTotals(
      householdId: HouseholdId,
      base: string,
      from: string,
      to: string,
    ): Promise<ChartTotalRow[]> {
      const result = await db.execute<{
        date: string | null;
        is_income: boolean | null;
        category: string | null;
        total_cents: number;
        unconverted: number;
      }>(sql`
        SELECT parts.added_on AS date, parts.is_income, parts.category,
          sum(parts.cents) AS total_cents, sum(parts.missing)::int AS unconverted
        FROM ${dayTotalsInBase(householdId, base, { from, to })} AS parts
        GROUP BY GROUPING SETS ((parts.added_on, parts.is_income), (parts.is_income, parts.category), ())
        ORDER BY 4 DESC, parts.category`);
      return result.rows.map((row) => ({
        date: row.date,
        isIncome: row.is_income,
        category: row.category,
        totalCents: Number(row.total_cents),
        unconverted: Number(row.unconverted),
      }));
    },
  };
}

export type TransactionTotalsRepository = ReturnType<typeof createTransactionTotalsRepository>;
