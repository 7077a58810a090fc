import type { TransactionFilters } from '@moneta/shared';
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  lte,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  transactionSearchCounts,
  transactionTotals,
  transactions,
  type TransactionRow,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export interface TransactionValues {
  name: string;
  category: string;
  costCents: number;
  addedOn: string;
  isIncome: boolean;
  note: string | null;
  recurringId?: string | null;
  receiptId?: string | null;
}

/** Position of a row in the list order, for keyset paging through large results. */
export interface ListCursor {
  addedOn: string;
  createdAt: Date;
  id: string;
}

const LIST_ORDER = [
  desc(transactions.addedOn),
  desc(transactions.createdAt),
  desc(transactions.id),
];

/** Escapes LIKE wildcards so that a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filterConditions(userId: string, filters: Partial<TransactionFilters>): SQL[] {
  const conditions: SQL[] = [eq(transactions.userId, userId)];
  if (filters.search) {
    conditions.push(sql`${transactions.searchText} LIKE ${likePattern(filters.search)}`);
  }
  if (filters.isIncome !== undefined) conditions.push(eq(transactions.isIncome, filters.isIncome));
  if (filters.category) conditions.push(eq(transactions.category, filters.category));
  if (filters.startDate) conditions.push(gte(transactions.addedOn, filters.startDate));
  if (filters.endDate) conditions.push(lte(transactions.addedOn, filters.endDate));
  return conditions;
}

/**
 * Counts kept by triggers answer every filter but dates: transaction_totals the type and
 * category, transaction_search_counts a search too. Date ranges count the rows themselves.
 */
async function countFromKeptCounts(
  db: Executor,
  userId: string,
  filters: Partial<TransactionFilters>,
): Promise<number> {
  const table = filters.search ? transactionSearchCounts : transactionTotals;
  const conditions: SQL[] = [eq(table.userId, userId)];
  if (filters.search) {
    conditions.push(sql`${transactionSearchCounts.searchText} LIKE ${likePattern(filters.search)}`);
  }
  if (filters.isIncome !== undefined) conditions.push(eq(table.isIncome, filters.isIncome));
  if (filters.category) conditions.push(eq(table.category, filters.category));
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(${table.transactionCount}), 0)`.mapWith(Number),
    })
    .from(table)
    .where(and(...conditions));
  return row?.total ?? 0;
}

export function createTransactionsRepository(db: Executor) {
  return {
    /** One page of the list, newest first. */
    async page(
      userId: string,
      filters: Partial<TransactionFilters>,
      page: { limit: number; offset: number },
    ): Promise<TransactionRow[]> {
      // Deferred join: the page's ids come from an index-only scan, so a deep page (offset
      // 5,000) skips rows in the index instead of fetching each one from the table.
      const pageIds = db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(...filterConditions(userId, filters)))
        .orderBy(...LIST_ORDER)
        .limit(page.limit)
        .offset(page.offset)
        .as('page_ids');
      return db
        .select(getTableColumns(transactions))
        .from(transactions)
        .innerJoin(pageIds, eq(transactions.id, pageIds.id))
        .orderBy(...LIST_ORDER);
    },

    /** How many transactions match the filters. */
    async count(userId: string, filters: Partial<TransactionFilters>): Promise<number> {
      if (!filters.startDate && !filters.endDate) return countFromKeptCounts(db, userId, filters);
      const [row] = await db
        .select({ total: count() })
        .from(transactions)
        .where(and(...filterConditions(userId, filters)));
      return row?.total ?? 0;
    },

    /** The next batch after `cursor` in list order: constant memory however many rows. */
    async batchAfter(
      userId: string,
      filters: Partial<TransactionFilters>,
      cursor: ListCursor | undefined,
      size: number,
    ): Promise<TransactionRow[]> {
      const conditions = filterConditions(userId, filters);
      if (cursor) {
        // A row comparison in the index's own order: the scan starts right after the cursor
        // (the equivalent OR of three cases is only a filter, rescanning every earlier row).
        conditions.push(
          sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${cursor.addedOn}, ${cursor.createdAt}, ${cursor.id})`,
        );
      }
      return db
        .select()
        .from(transactions)
        .where(and(...conditions))
        .orderBy(...LIST_ORDER)
        .limit(size);
    },

    async findById(userId: string, id: string): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
        .limit(1);
      return row;
    },

    async insert(userId: string, values: TransactionValues): Promise<TransactionRow> {
      const [row] = await db
        .insert(transactions)
        .values({ id: newId(), userId, ...values })
        .returning();
      return row!;
    },

    /**
     * Inserts many transactions (of any users) in one statement: the columns travel as eight
     * array parameters and `unnest` turns them into rows, so 10,000 rows cost one round trip.
     */
    async insertMany(rows: Array<TransactionValues & { userId: string }>): Promise<number> {
      if (rows.length === 0) return 0;
      const column = (pick: (row: TransactionValues & { userId: string }) => unknown) =>
        sql.param(rows.map(pick));
      const result = await db.execute(sql`
        INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, note)
        SELECT * FROM unnest(
          ${column(() => newId())}::uuid[], ${column((row) => row.userId)}::uuid[],
          ${column((row) => row.name)}::text[], ${column((row) => row.category)}::text[],
          ${column((row) => row.costCents)}::bigint[], ${column((row) => row.addedOn)}::date[],
          ${column((row) => row.isIncome)}::boolean[], ${column((row) => row.note)}::text[]
        )`);
      return result.rowCount ?? 0;
    },

    async update(
      userId: string,
      id: string,
      values: TransactionValues,
    ): Promise<TransactionRow | undefined> {
      const [row] = await db
        .update(transactions)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.id, id)))
        .returning({ id: transactions.id });
      return deleted.length > 0;
    },

    async countOwned(userId: string, ids: string[]): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
      return row?.total ?? 0;
    },

    async deleteMany(userId: string, ids: string[]): Promise<number> {
      const deleted = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
        .returning({ id: transactions.id });
      return deleted.length;
    },

    async moveCategory(
      userId: string,
      from: string,
      to: string,
      kinds: boolean[],
    ): Promise<number> {
      const moved = await db
        .update(transactions)
        .set({ category: to, updatedAt: sql`now()` })
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.category, from),
            inArray(transactions.isIncome, kinds),
          ),
        )
        .returning({ id: transactions.id });
      return moved.length;
    },

    async totals(userId: string): Promise<{ incomeCents: number; expenseCents: number }> {
      const [row] = await db
        .select({
          incomeCents:
            sql<number>`coalesce(sum(${transactionTotals.sumCents}) FILTER (WHERE ${transactionTotals.isIncome}), 0)`.mapWith(
              Number,
            ),
          expenseCents:
            sql<number>`coalesce(sum(${transactionTotals.sumCents}) FILTER (WHERE NOT ${transactionTotals.isIncome}), 0)`.mapWith(
              Number,
            ),
        })
        .from(transactionTotals)
        .where(eq(transactionTotals.userId, userId));
      return { incomeCents: row?.incomeCents ?? 0, expenseCents: row?.expenseCents ?? 0 };
    },

    async expensesByCategory(userId: string, from: string, to: string) {
      return db
        .select({
          name: transactions.category,
          totalCents: sql<number>`sum(${transactions.costCents})::bigint`.mapWith(Number),
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            eq(transactions.isIncome, false),
            gte(transactions.addedOn, from),
            lte(transactions.addedOn, to),
          ),
        )
        .groupBy(transactions.category)
        .orderBy(sql`2 DESC`, transactions.category);
    },

    async dailyTotals(userId: string, from: string, to: string) {
      return db
        .select({
          date: transactions.addedOn,
          isIncome: transactions.isIncome,
          totalCents: sql<number>`sum(${transactions.costCents})::bigint`.mapWith(Number),
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            gte(transactions.addedOn, from),
            lte(transactions.addedOn, to),
          ),
        )
        .groupBy(transactions.addedOn, transactions.isIncome);
    },
  };
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>;
