import type { TransactionFilters } from '@moneta/shared';
import { and, count, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transactions, type TransactionRow } from '../../db/schema';
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

export function createTransactionsRepository(db: Executor) {
  return {
    async list(
      userId: string,
      filters: Partial<TransactionFilters>,
      page: { limit: number; offset: number },
    ): Promise<{ rows: TransactionRow[]; total: number }> {
      const where = and(...filterConditions(userId, filters));
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(transactions)
          .where(where)
          .orderBy(...LIST_ORDER)
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(transactions).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
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
        conditions.push(
          or(
            lt(transactions.addedOn, cursor.addedOn),
            and(
              eq(transactions.addedOn, cursor.addedOn),
              lt(transactions.createdAt, cursor.createdAt),
            ),
            and(
              eq(transactions.addedOn, cursor.addedOn),
              eq(transactions.createdAt, cursor.createdAt),
              lt(transactions.id, cursor.id),
            ),
          )!,
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
          incomeCents: sql<number>`coalesce(sum(${transactions.costCents}) FILTER (WHERE ${transactions.isIncome}), 0)::bigint`,
          expenseCents: sql<number>`coalesce(sum(${transactions.costCents}) FILTER (WHERE NOT ${transactions.isIncome}), 0)::bigint`,
        })
        .from(transactions)
        .where(eq(transactions.userId, userId));
      return {
        incomeCents: Number(row?.incomeCents ?? 0),
        expenseCents: Number(row?.expenseCents ?? 0),
      };
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
