/**
 * The list of a request no prepared statement covers (a tag, a search with operators): its
 * conditions are bound values, the forms of such searches being too many to prepare each.
 */
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transactions, type TransactionRow } from '../../db/schema';
import type { FilteredList, ListWindow } from './filtered-list';
import { LIST_ORDER } from './list-statements';

export function createExtendedList(db: Executor, conditions: SQL[]): FilteredList {
  /** Rows matching the conditions, in list order: ids first, as pageQuery does. */
  async function page(window: ListWindow): Promise<TransactionRow[]> {
    const pageIds = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(...conditions))
      .orderBy(...LIST_ORDER)
      .limit(window.limit)
      .offset(window.offset)
      .as('page_ids');
    return db
      .select(getTableColumns(transactions))
      .from(transactions)
      .innerJoin(pageIds, eq(transactions.id, pageIds.id))
      .orderBy(...LIST_ORDER);
  }

  async function count(): Promise<number> {
    const [row] = await db
      .select({ total: sql<number>`count(*)::int`.mapWith(Number) })
      .from(transactions)
      .where(and(...conditions));
    return row?.total ?? 0;
  }

  return {
    page,
    count,

    async pageWithCount(window) {
      const total = await count();
      return { rows: total > window.offset ? await page(window) : [], total };
    },

    head: (count) => page({ limit: count, offset: 0 }),

    async batchAfter(cursor, size) {
      const after = cursor
        ? [
            sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${cursor.addedOn}::date, ${cursor.createdAt}, ${cursor.id}::uuid)`,
          ]
        : [];
      return db
        .select()
        .from(transactions)
        .where(and(...conditions, ...after))
        .orderBy(...LIST_ORDER)
        .limit(size);
    },

    // A transfer has no tags, amounts of one direction or category: a search with operators
    // or a tag lists transactions only (docs/decisions.md).
    transferLegs: async () => ({ legs: [], total: 0 }),
  };
}
