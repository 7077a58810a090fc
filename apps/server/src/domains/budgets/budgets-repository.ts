import { and, eq, sql, type SQL } from 'drizzle-orm';
import { convertedCents, ratesOfDays } from '../../db/base-amount-sql';
import type { Executor } from '../../db/database';
import { budgets, type BudgetRow } from '../../db/schema';
import { newId, newIds } from '../../lib/ids';
import { defaultHouseholdSql } from '../households/default-household';

export interface BudgetValues {
  category: string;
  amountCents: number;
  month: number;
  year: number;
  /** Left out: a new budget has none, an update keeps the stored value. */
  rollover?: boolean | undefined;
  /** Left out: a new budget does not repeat, an update keeps the stored value. */
  repeat?: boolean | undefined;
}

/** Budgets inserted in a batch (a copy, a restore): every value given; a restore keeps createdAt. */
export type BudgetsToInsert = Required<BudgetValues> & { createdAt?: Date };

/**
 * A budget with that month's expenses in its category, in the base currency (each at its day's
 * rate), how many of them no rate converts (left out of `spentCents`), and what it carries in
 * from the previous month (docs/decisions.md, BUD-1).
 */
export interface BudgetWithSpending extends Omit<BudgetRow, 'householdId'> {
  spentCents: number;
  carriedCents: number;
  unconverted: number;
  /**
   * The budget's own month when it is shown in a later month it repeats into (`month` and
   * `year` are then the month shown); null in its own month.
   */
  repeatedFrom: { month: number; year: number } | null;
}

/** Which budgets `list` answers: one month's, one budget, or all of the user's. */
export type BudgetFilter = { month: number; year: number } | { id: string } | Record<string, never>;

/** The unique index behind "one budget per category and month". */
export const BUDGET_MONTH_KEY = 'budgets_user_category_month_key';

/** A month as one number (year × 12 + month − 1): consecutive months differ by 1. */
export const monthIndex = (year: number, month: number) => year * 12 + month - 1;

interface ChainRow extends Record<string, unknown> {
  id: string;
  user_id: string;
  category: string;
  amount_cents: number;
  month: number;
  year: number;
  rollover: boolean;
  repeat: boolean;
  created_at: Date | string;
  own_index: number;
  spent_cents: number;
  carried_cents: number;
  unconverted: number;
}

/** What `list` is asked: the budgets in scope, those answered, how far repeats run. */
interface ListScope {
  scope: SQL;
  asked: SQL;
  lastIndex: SQL;
  isAll: boolean;
}

function listScope(userId: string, filter: BudgetFilter): ListScope {
  let scope: SQL = sql`true`;
  // Stored budgets only, unless one month is asked for: repeated months are shown in it.
  let asked: SQL = sql`c.month_index = c.own_index`;
  // How far a repeating budget with no later budget of its category is carried on.
  let lastIndex: SQL = sql`(SELECT max(s.own_index) FROM stored AS s)`;
  if ('id' in filter) {
    // The budget's category, up to its month.
    const ofBudget = (column: SQL) =>
      sql`(SELECT ${column} FROM budgets AS o
        WHERE o.user_id = ${userId}::uuid AND o.id = ${filter.id}::uuid)`;
    scope = sql`b.category = ${ofBudget(sql`o.category`)}
      AND b.year * 12 + b.month - 1 <= ${ofBudget(sql`o.year * 12 + o.month - 1`)}`;
    asked = sql`c.id = ${filter.id}::uuid AND c.month_index = c.own_index`;
  } else if ('month' in filter) {
    const index = monthIndex(filter.year, filter.month);
    // The categories with a budget in the month, or one that repeats from an earlier month.
    scope = sql`b.year * 12 + b.month - 1 <= ${index}
      AND b.category IN (SELECT o.category FROM budgets AS o
        WHERE o.user_id = ${userId}::uuid AND ((o.year = ${filter.year} AND o.month = ${filter.month})
          OR (o.repeat AND o.year * 12 + o.month - 1 < ${index})))`;
    asked = sql`c.month_index = ${index}`;
    lastIndex = sql`${index}::int`;
  }
  const isAll = !('id' in filter) && !('month' in filter);
  return { scope, asked, lastIndex, isAll };
}

/**
 * Steps 1 and 2 of `list`: each budget in its own month and the months it repeats into
 * (`months`), its rollover run (`chain`), the runs of the budgets asked for (`wanted`) and the
 * days and categories they span (`bounds`).
 */
function budgetMonthsSql(userId: string, { scope, asked, lastIndex, isAll }: ListScope): SQL {
  return sql`stored AS MATERIALIZED (
    SELECT b.id, b.user_id, b.category, b.amount_cents, b.rollover, b.repeat, b.created_at,
      b.year * 12 + b.month - 1 AS own_index,
      lead(b.year * 12 + b.month - 1) OVER (PARTITION BY b.category ORDER BY b.year, b.month)
        AS next_index
    FROM budgets AS b
    WHERE b.user_id = ${userId}::uuid AND ${scope}
  ), months AS (
    SELECT s.id, s.user_id, s.category, s.amount_cents, (g.month_index % 12 + 1)::int AS month,
      (g.month_index / 12)::int AS year, s.rollover, s.repeat, s.created_at, s.own_index,
      g.month_index,
      lag(g.month_index) OVER (PARTITION BY s.category ORDER BY g.month_index) AS previous_index
    FROM stored AS s
    CROSS JOIN LATERAL generate_series(s.own_index,
      CASE WHEN s.repeat THEN coalesce(s.next_index - 1, ${lastIndex}) ELSE s.own_index END
    ) AS g(month_index)
  ), chain AS (
    SELECT m.*, sum(CASE WHEN m.rollover AND m.previous_index = m.month_index - 1 THEN 0 ELSE 1 END)
      OVER (PARTITION BY m.category ORDER BY m.month_index) AS run
    FROM months AS m
  ), wanted AS MATERIALIZED (
    SELECT w.*, make_date(w.year, w.month, 1) AS first_day FROM chain AS w
    WHERE ${
      isAll
        ? sql`true`
        : sql`EXISTS (SELECT 1 FROM chain AS c
            WHERE ${asked} AND c.category = w.category AND c.run = w.run
              AND w.month_index <= c.month_index)`
    }
  ), bounds AS MATERIALIZED (
    SELECT min(first_day) AS first_day,
      (max(first_day) + interval '1 month' - interval '1 day')::date AS last_day,
      array_agg(DISTINCT category) AS categories
    FROM wanted
  )`;
}

/**
 * Step 3's correction, for the expenses in another currency than the base: their rows in the
 * wanted days and categories (`foreign_rows`, one per part of a split expense) and each
 * currency and day's rate (`rate_map`).
 */
function foreignExpensesSql(userId: string, base: string): SQL {
  // Spending per wanted budget: the kept daily totals of its category and month (every
  // expense as stored, a few rows a day), corrected for the expenses in another currency
  // than the base: their stored amounts out, their base amounts in (each at its day's rate,
  // each currency and day looked up once; a row without a rate is counted apart, never at
  // 1) — as the summary converts (docs/currencies.md).
  // A split expense is one row per part (docs/database.md, transaction_totals), in the part's
  // category, converted on its own; a bank charge is shared in proportion to the parts (as
  // foreignRows does).
  const foreignColumns = sql`t.id, t.added_on, t.category, t.currency, t.cost_cents,
    t.base_cost_cents, t.base_cost_currency`;
  const foreignWhere = sql`t.user_id = ${userId}::uuid AND NOT t.is_income
    AND t.added_on BETWEEN (SELECT first_day FROM bounds) AND (SELECT last_day FROM bounds)`;
  return sql`foreign_whole AS MATERIALIZED (
    SELECT ${foreignColumns} FROM transactions AS t
    WHERE t.currency < ${base}::text AND ${foreignWhere}
    UNION ALL
    SELECT ${foreignColumns} FROM transactions AS t
    WHERE t.currency > ${base}::text AND ${foreignWhere}
  ), foreign_rows AS MATERIALIZED (
    SELECT w.added_on, coalesce(p.category, w.category) AS category, w.currency,
      coalesce(p.amount_cents, w.cost_cents) AS cost_cents,
      CASE WHEN p.id IS NULL OR w.base_cost_cents IS NULL THEN w.base_cost_cents
        ELSE ${convertedCents(
          sql`p.amount_cents`,
          sql`(w.base_cost_cents::numeric / w.cost_cents)`,
          sql`w.base_cost_currency`,
        )} END AS base_cost_cents,
      w.base_cost_currency
    FROM foreign_whole AS w
    LEFT JOIN transaction_splits AS p ON p.transaction_id = w.id
    WHERE coalesce(p.category, w.category) = ANY ((SELECT categories FROM bounds)::text[])
  ), rate_map AS MATERIALIZED (
    -- One row: each currency and day's rate under the key currency || day, so that each
    -- foreign row finds its rate in the map whatever the planner guesses of row counts.
    SELECT coalesce(jsonb_object_agg(d.currency || d.added_on::text, d.rate), '{}'::jsonb) AS rates
    FROM ${ratesOfDays(
      defaultHouseholdSql(userId),
      base,
      sql`(SELECT DISTINCT f.currency, f.added_on FROM foreign_rows AS f
        WHERE f.base_cost_currency IS DISTINCT FROM ${base}::text)`,
    )} AS d
  )`;
}

/**
 * Steps 3 and 4 of `list`: each wanted budget's spending (`parts`, `spending`), what it carries
 * (`measured`), and the budgets asked for, newest month first, then category A→Z.
 */
function measuredBudgetsSql(userId: string, base: string, asked: SQL): SQL {
  return sql`parts AS (
    SELECT w.category, w.first_day, w.id, w.user_id, w.amount_cents, w.month, w.year,
      w.rollover, w.repeat, w.created_at, w.own_index, w.month_index, w.run, 0::numeric AS cents,
      0 AS missing
    FROM wanted AS w
    UNION ALL
    SELECT d.category, date_trunc('month', d.added_on)::date, NULL, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, NULL, NULL, d.sum_cents, 0
    FROM transaction_daily_totals AS d
    WHERE d.household_id = ${defaultHouseholdSql(userId)} AND NOT d.is_income
      AND d.added_on BETWEEN (SELECT first_day FROM bounds) AND (SELECT last_day FROM bounds)
      AND d.category = ANY ((SELECT categories FROM bounds)::text[])
    UNION ALL
    SELECT f.category, date_trunc('month', f.added_on)::date, NULL, NULL, NULL, NULL, NULL,
      NULL, NULL, NULL, NULL, NULL, NULL, coalesce(f.base_cents, 0) - f.cost_cents,
      (f.base_cents IS NULL)::int
    FROM (
      SELECT f.*, CASE WHEN f.base_cost_currency = ${base}::text THEN f.base_cost_cents
        ELSE ${convertedCents(
          sql`f.cost_cents`,
          sql`((SELECT rates FROM rate_map) ->> (f.currency || f.added_on::text))::numeric`,
          base,
        )} END AS base_cents
      FROM foreign_rows AS f
    ) AS f
  ), spending AS (
    -- Each budget with its month's kept total and corrections, grouped in one pass.
    SELECT (array_agg(p.id) FILTER (WHERE p.id IS NOT NULL))[1] AS id,
      (array_agg(p.user_id) FILTER (WHERE p.id IS NOT NULL))[1] AS user_id,
      p.category, max(p.amount_cents) AS amount_cents, max(p.month) AS month,
      max(p.year) AS year, bool_or(p.rollover) AS rollover, bool_or(p.repeat) AS repeat,
      max(p.created_at) AS created_at, max(p.own_index) AS own_index,
      max(p.month_index) AS month_index, max(p.run) AS run,
      sum(p.cents) AS spent_cents, sum(p.missing)::int AS month_unconverted
    FROM parts AS p
    GROUP BY p.category, p.first_day
    HAVING count(p.id) > 0
  ), measured AS (
    SELECT s.*,
      coalesce(sum(s.amount_cents - s.spent_cents) OVER before_it, 0) AS carried_cents,
      (sum(s.month_unconverted) OVER up_to_it)::int AS unconverted
    FROM spending AS s
    WINDOW before_it AS (PARTITION BY s.category, s.run ORDER BY s.month_index
        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING),
      up_to_it AS (PARTITION BY s.category, s.run ORDER BY s.month_index
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
  )
  SELECT c.id, c.user_id, c.category, c.amount_cents, c.month, c.year, c.rollover,
    c.repeat, c.created_at, c.own_index, c.spent_cents, c.carried_cents, c.unconverted
  FROM measured AS c
  WHERE ${asked}
  ORDER BY c.year DESC, c.month DESC, lower(c.category), c.category`;
}

function toBudgetWithSpending(row: ChainRow): BudgetWithSpending {
  const month = Number(row.month);
  const year = Number(row.year);
  const ownIndex = Number(row.own_index);
  return {
    id: row.id,
    userId: row.user_id,
    category: row.category,
    amountCents: Number(row.amount_cents),
    month,
    year,
    rollover: row.rollover,
    repeat: row.repeat,
    createdAt: new Date(row.created_at),
    spentCents: Number(row.spent_cents),
    carriedCents: Number(row.carried_cents),
    unconverted: Number(row.unconverted),
    repeatedFrom:
      ownIndex === monthIndex(year, month)
        ? null
        : { month: (ownIndex % 12) + 1, year: Math.floor(ownIndex / 12) },
  };
}

export function createBudgetsRepository(db: Executor) {
  return {
    /**
     * The user's budgets with their spending and what they carry, in ONE query
     * (docs/architecture.md, Budgets):
     *
     * 1. `months`: the user's budgets (of the categories asked for, up to the month asked for),
     *    each in its own month and, when it repeats, in every later month up to the next budget
     *    of its category (or the last month asked for) — repeated months are computed here,
     *    never stored. `chain`: a run number per category: a month starts a new run unless it
     *    rolls over and the month before has a budget of that category, its own or repeated. A
     *    month's `carried` is the sum of (amount − spent) over the months before it in its run.
     * 2. `wanted`: only the runs of the budgets asked for, up to them, are measured: one
     *    month's page measures its own budgets and, for those that roll over, the months they
     *    chain back to.
     * 3. `spending`: each wanted budget's month and category from the kept daily totals (a few
     *    rows a day, not every expense), corrected for the expenses in other currencies, read
     *    from transactions_user_currency_idx and converted at their day's rate (each currency
     *    and day looked up once) — 100,000 expenses cost no more than their days.
     * 4. A window over each run sums what came before; the budgets asked for are answered.
     *
     * Newest month first, then category A→Z.
     */
    async list(
      userId: string,
      base: string,
      filter: BudgetFilter = {},
    ): Promise<BudgetWithSpending[]> {
      const listed = listScope(userId, filter);
      const result = await db.execute<ChainRow>(sql`
        WITH ${budgetMonthsSql(userId, listed)},
        ${foreignExpensesSql(userId, base)},
        ${measuredBudgetsSql(userId, base, listed.asked)}`);
      return result.rows.map(toBudgetWithSpending);
    },

    /** One of the user's budgets as stored, locked until the end of the transaction. */
    async findForUpdate(userId: string, id: string): Promise<BudgetRow | undefined> {
      const [row] = await db
        .select()
        .from(budgets)
        .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
        .for('update');
      return row;
    },

    /** The month of the first budget of the category after the month given, if any. */
    async nextMonthIndex(
      userId: string,
      category: string,
      afterIndex: number,
    ): Promise<number | undefined> {
      const result = await db.execute<{ next_index: number | null }>(sql`
        SELECT min(year * 12 + month - 1) AS next_index FROM budgets
        WHERE user_id = ${userId}::uuid AND category = ${category}
          AND year * 12 + month - 1 > ${afterIndex}`);
      const next = result.rows[0]?.next_index;
      return next === null || next === undefined ? undefined : Number(next);
    },

    /**
     * Stops a repeating budget from a later month on: the months between its own and that one,
     * which it was repeated into, get budgets of their own (same amount and rollover, not
     * repeating), and the budget stops repeating. Those months have no budget of the category
     * (the caller checked that `toIndex` comes before the category's next budget).
     */
    async stopRepeat(budget: BudgetRow, toIndex: number): Promise<void> {
      const ownIndex = monthIndex(budget.year, budget.month);
      const count = toIndex - 1 - ownIndex;
      if (count > 0) {
        const ids = newIds(count);
        await db.insert(budgets).values(
          ids.map((id, offset) => ({
            id,
            userId: budget.userId,
            category: budget.category,
            amountCents: budget.amountCents,
            month: ((ownIndex + 1 + offset) % 12) + 1,
            year: Math.floor((ownIndex + 1 + offset) / 12),
            rollover: budget.rollover,
            repeat: false,
          })),
        );
      }
      await db
        .update(budgets)
        .set({ repeat: false })
        .where(and(eq(budgets.userId, budget.userId), eq(budgets.id, budget.id)));
    },

    /** Inserts the budget, or returns undefined when that category and month has one. */
    async insert(userId: string, values: BudgetValues): Promise<BudgetRow | undefined> {
      const [row] = await db
        .insert(budgets)
        .values({
          id: newId(),
          userId,
          ...values,
          rollover: values.rollover ?? false,
          repeat: values.repeat ?? false,
        })
        .onConflictDoNothing({
          target: [budgets.userId, budgets.category, budgets.year, budgets.month],
        })
        .returning();
      return row;
    },

    /** Inserts these budgets, skipping each whose category and month has one; how many went in. */
    async insertMissing(userId: string, values: BudgetsToInsert[]): Promise<number> {
      if (values.length === 0) return 0;
      const inserted = await db
        .insert(budgets)
        .values(values.map((value) => ({ id: newId(), userId, ...value })))
        .onConflictDoNothing({
          target: [budgets.userId, budgets.category, budgets.year, budgets.month],
        })
        .returning({ id: budgets.id });
      return inserted.length;
    },

    /** Throws a unique violation of BUDGET_MONTH_KEY when another budget has that month. */
    async update(userId: string, id: string, values: BudgetValues): Promise<boolean> {
      const { rollover, repeat, ...rest } = values;
      const updated = await db
        .update(budgets)
        .set({
          ...rest,
          ...(rollover === undefined ? {} : { rollover }),
          ...(repeat === undefined ? {} : { repeat }),
        })
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

    /**
     * Moves the budgets of category `from` to `to` (a category merge). A month that has a budget
     * for both keeps one, `to`'s, with the two amounts added and rollover if either had it: the
     * money the user set aside for both is what they now plan to spend on the one
     * (docs/decisions.md, CAT-10). Answers how many of `from`'s budgets moved or merged.
     */
    async mergeCategory(userId: string, from: string, to: string): Promise<number> {
      const merged = await db.execute(sql`
        WITH source AS (
          DELETE FROM ${budgets} f
          USING ${budgets} t
          WHERE f.user_id = ${userId} AND f.category = ${from}
            AND t.user_id = ${userId} AND t.category = ${to}
            AND t.year = f.year AND t.month = f.month
          RETURNING f.year, f.month, f.amount_cents, f.rollover
        )
        UPDATE ${budgets} t
        SET amount_cents = t.amount_cents + source.amount_cents,
            rollover = t.rollover OR source.rollover
        FROM source
        WHERE t.user_id = ${userId} AND t.category = ${to}
          AND t.year = source.year AND t.month = source.month`);
      const moved = await db
        .update(budgets)
        .set({ category: to })
        .where(and(eq(budgets.userId, userId), eq(budgets.category, from)))
        .returning({ id: budgets.id });
      return (merged.rowCount ?? 0) + moved.length;
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
