import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { transactionAmountIn, transactionRate } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { budgets, transactions, type BudgetRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface BudgetValues {
  category: string;
  amountCents: number;
  month: number;
  year: number;
}

/**
 * A budget with that month's expenses in its category, in the base currency (each at its day's
 * rate), and how many of them no rate converts (left out of `spentCents`).
 */
export interface BudgetWithSpending extends BudgetRow {
  spentCents: number;
  unconverted: number;
}

/** The unique index behind "one budget per category and month". */
export const BUDGET_MONTH_KEY = 'budgets_user_category_month_key';

const monthStart = sql`make_date(${budgets.year}, ${budgets.month}, 1)`;
const nextMonthStart = sql`(${monthStart} + interval '1 month')::date`;

export function createBudgetsRepository(db: Executor) {
  return {
    /**
     * The user's budgets with their spending, in ONE query: each budget joins its month's
     * expenses in its category (through transactions_user_expense_category_idx) and is grouped.
     * Newest month first, then category A→Z.
     */
    async list(
      userId: string,
      base: string,
      filter: { month?: number | undefined; year?: number | undefined; id?: string } = {},
    ): Promise<BudgetWithSpending[]> {
      const conditions: SQL[] = [eq(budgets.userId, userId)];
      if (filter.id) conditions.push(eq(budgets.id, filter.id));
      if (filter.month !== undefined) conditions.push(eq(budgets.month, filter.month));
      if (filter.year !== undefined) conditions.push(eq(budgets.year, filter.year));
      // A row in another currency counts at its day's rate (or what the bank charged in the
      // base currency); one without a rate is counted apart, never at 1.
      const baseCents = transactionAmountIn('transactions', base);
      const rows = await db
        .select({
          budget: budgets,
          spentCents: sql<number>`coalesce(sum(${baseCents}), 0)::bigint`.mapWith(Number),
          unconverted:
            sql<number>`count(${transactions.id}) FILTER (WHERE ${baseCents} IS NULL)::int`.mapWith(
              Number,
            ),
        })
        .from(budgets)
        .leftJoin(
          transactions,
          and(
            eq(transactions.userId, budgets.userId),
            sql`NOT ${transactions.isIncome}`,
            eq(transactions.category, budgets.category),
            gte(transactions.addedOn, monthStart),
            lt(transactions.addedOn, nextMonthStart),
          ),
        )
        .leftJoin(sql`LATERAL ${transactionRate('transactions', base)} AS r`, sql`true`)
        .where(and(...conditions))
        .groupBy(budgets.id)
        .orderBy(
          desc(budgets.year),
          desc(budgets.month),
          sql`lower(${budgets.category})`,
          asc(budgets.category),
        );
      return rows.map((row) => ({
        ...row.budget,
        spentCents: row.spentCents,
        unconverted: row.unconverted,
      }));
    },

    /** Inserts the budget, or returns undefined when that category and month has one. */
    async insert(userId: string, values: BudgetValues): Promise<BudgetRow | undefined> {
      const [row] = await db
        .insert(budgets)
        .values({ id: newId(), userId, ...values })
        .onConflictDoNothing({
          target: [budgets.userId, budgets.category, budgets.year, budgets.month],
        })
        .returning();
      return row;
    },

    /** Throws a unique violation of BUDGET_MONTH_KEY when another budget has that month. */
    async update(userId: string, id: string, values: BudgetValues): Promise<boolean> {
      const updated = await db
        .update(budgets)
        .set(values)
        .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
        .returning({ id: budgets.id });
      return updated.length > 0;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(budgets)
        .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
        .returning({ id: budgets.id });
      return deleted.length > 0;
    },

    async deleteByCategory(userId: string, category: string): Promise<number> {
      const deleted = await db
        .delete(budgets)
        .where(and(eq(budgets.userId, userId), eq(budgets.category, category)))
        .returning({ id: budgets.id });
      return deleted.length;
    },
  };
}

export type BudgetsRepository = ReturnType<typeof createBudgetsRepository>;
