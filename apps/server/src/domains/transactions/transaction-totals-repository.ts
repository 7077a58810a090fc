import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { transactionDailyTotals, transactionTotals } from '../../db/schema';

/**
 * Reads of the totals that triggers keep (see the migrations): the summary's sums and the
 * charts' daily and per-category sums, a few rows each instead of a user's whole history.
 */

/** A row of chartTotals: a day's total per kind, or a category's total per kind. */
export interface ChartTotalRow {
  date: string | null;
  isIncome: boolean;
  category: string | null;
  totalCents: number;
}

const placeholder = sql.placeholder;

/** Income and expense summed apart, over rows of either kept table (all time, or by day). */
function sumsByKind(table: { sumCents: AnyPgColumn; isIncome: AnyPgColumn }) {
  return {
    incomeCents:
      sql<number>`coalesce(sum(${table.sumCents}) FILTER (WHERE ${table.isIncome}), 0)`.mapWith(
        Number,
      ),
    expenseCents:
      sql<number>`coalesce(sum(${table.sumCents}) FILTER (WHERE NOT ${table.isIncome}), 0)`.mapWith(
        Number,
      ),
  };
}

export function createTransactionTotalsRepository(db: Executor) {
  return {
    async totals(userId: string): Promise<{ incomeCents: number; expenseCents: number }> {
      const statement = preparedStatement(db, 'transaction_totals_by_kind', (name) =>
        db
          .select(sumsByKind(transactionTotals))
          .from(transactionTotals)
          .where(eq(transactionTotals.userId, placeholder('userId')))
          .prepare(name),
      );
      const [row] = await statement.execute({ userId });
      return { incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
    },

    /**
     * The sums of income and expense over [from, to] (inclusive), from the kept daily totals:
     * a few rows a day whatever the number of transactions.
     */
    async totalsBetween(
      userId: string,
      from: string,
      to: string,
    ): Promise<{ incomeCents: number; expenseCents: number }> {
      const days = transactionDailyTotals;
      const statement = preparedStatement(db, 'transaction_totals_between', (name) =>
        db
          .select(sumsByKind(days))
          .from(days)
          .where(
            and(
              eq(days.userId, placeholder('userId')),
              gte(days.addedOn, placeholder('from')),
              lte(days.addedOn, placeholder('to')),
            ),
          )
          .prepare(name),
      );
      const [row] = await statement.execute({ userId, from, to });
      return { incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
    },

    /**
     * The charts' two sums over [from, to] from the kept daily totals, in one pass over the
     * window: per day and kind (`category` null), and per kind and category (`date` null), the
     * latter largest first.
     */
    async chartTotals(userId: string, from: string, to: string): Promise<ChartTotalRow[]> {
      const days = transactionDailyTotals;
      const statement = preparedStatement(db, 'transactions_chart_totals', (name) =>
        db
          .select({
            date: sql<string | null>`${days.addedOn}`,
            isIncome: days.isIncome,
            category: sql<string | null>`${days.category}`,
            totalCents: sql<number>`sum(${days.sumCents})::bigint`.mapWith(Number),
          })
          .from(days)
          .where(
            and(
              eq(days.userId, placeholder('userId')),
              gte(days.addedOn, placeholder('from')),
              lte(days.addedOn, placeholder('to')),
            ),
          )
          .groupBy(
            sql`GROUPING SETS ((${days.addedOn}, ${days.isIncome}), (${days.isIncome}, ${days.category}))`,
          )
          .orderBy(sql`4 DESC`, days.category)
          .prepare(name),
      );
      return statement.execute({ userId, from, to });
    },
  };
}

export type TransactionTotalsRepository = ReturnType<typeof createTransactionTotalsRepository>;
