/**
 * The list of a plain filter combination (a search without operators, a type, a category, a
 * date range, an account): each combination a named statement, prepared once per connection.
 */
import type { TransactionFilters } from '@moneta/shared';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { transactionTotals, transactions, type TransactionRow } from '../../db/schema';
import type { FilteredList, ListWindow } from './filtered-list';
import {
  activeFilters,
  filterConditions,
  filterValues,
  placeholder,
  planWithValues,
  statementName,
} from './list-filters';
import { countQuery, LIST_ORDER, pageQuery } from './list-statements';
import type { SplitPart } from './transaction-splits-repository';
import { createTransferLegsRepository } from './transfer-legs-repository';
import type { HouseholdId } from '../households/household-id';

/** Index entries a search may walk in list order before its matches are looked up instead. */
const SEARCH_WALK_LIMIT = 20_000;

export function createPreparedList(
  db: Executor,
  householdId: HouseholdId,
  filters: Partial<TransactionFilters>,
): FilteredList {
  const active = activeFilters(filters);
  const values = filterValues(householdId, filters);

  /**
   * A search's page and count without planning on every request: the kept counts say how many
   * transactions match and how many the user has, which decides how far a walk in list order
   * would go to fill the page; then the walk or the lookup runs as a named statement.
   */
  async function searchPageWithCount(
    page: ListWindow,
  ): Promise<{ rows: TransactionRow[]; total: number }> {
    const counts = preparedStatement(
      db,
      statementName('transactions_search_count', active),
      (name) =>
        db
          .select({
            total: sql<number>`(${countQuery(db, active)})`.mapWith(Number),
            all: sql<number>`coalesce(sum(${transactionTotals.transactionCount}), 0)::int`.mapWith(
              Number,
            ),
          })
          .from(transactionTotals)
          .where(eq(transactionTotals.householdId, placeholder('householdId')))
          .prepare(name),
    );
    const [count] = await counts.execute(values);
    const total = count?.total ?? 0;
    if (total === 0 || page.offset >= total) return { rows: [], total };
    const walkLength = ((page.offset + page.limit) * (count?.all ?? 0)) / total;
    const plan = walkLength <= SEARCH_WALK_LIMIT ? 'walk' : 'lookup';
    const statement = preparedStatement(
      db,
      statementName(`transactions_search_${plan}`, active),
      (name) => pageQuery(db, active, plan).prepare(name),
    );
    return { rows: await statement.execute({ ...values, ...page }), total };
  }

  /**
   * The page joined to the count in one statement: one round trip per list request instead of
   * two. The count is one row; the page joins it, so an empty page (beyond the last) still
   * brings the count, as a row of nulls. It also brings each row's split parts (`parts`; an
   * index probe per row), so that splits cost the list no round trip of its own.
   */
  async function countedPage(page: ListWindow) {
    const statement = preparedStatement(
      db,
      statementName('transactions_page_count', active),
      (name) => {
        const counted = countQuery(db, active).as('counted');
        const pageRows = pageQuery(db, active).as('page_rows');
        const columns = getTableColumns(transactions);
        const rowColumns = Object.fromEntries(
          Object.keys(columns).map((key) => [key, pageRows[key as keyof typeof columns]]),
        ) as { [Key in keyof typeof columns]: (typeof pageRows)[Key] };
        const parts = sql<SplitPart[] | null>`(
          SELECT jsonb_agg(jsonb_build_object('category', s.category,
            'amountCents', s.amount_cents, 'note', s.note) ORDER BY s.position)
          FROM transaction_splits AS s WHERE s.transaction_id = ${pageRows.id})`;
        return db
          .select({ total: counted.total, ...rowColumns, splitParts: parts.as('split_parts') })
          .from(counted)
          .leftJoin(pageRows, sql`true`)
          .orderBy(desc(pageRows.addedOn), desc(pageRows.createdAt), desc(pageRows.id))
          .prepare(name);
      },
      planWithValues(active),
    );
    const result = await statement.execute({ ...values, ...page });
    const parts = new Map<string, SplitPart[]>();
    const rows = result.flatMap(({ total: _total, splitParts, ...row }) => {
      if (row.id === null) return [];
      if (splitParts) parts.set(row.id, splitParts);
      return [row as TransactionRow];
    });
    return { rows, total: result[0]?.total ?? 0, parts };
  }

  return {
    async page(page) {
      const statement = preparedStatement(
        db,
        statementName('transactions_page', active),
        (name) => pageQuery(db, active).prepare(name),
        planWithValues(active),
      );
      return statement.execute({ ...values, ...page });
    },

    /** A search alone walks or looks up its page (searchPageWithCount); the rest join the count. */
    async pageWithCount(page) {
      if (active.search && !active.startDate && !active.endDate && !active.accountId)
        return searchPageWithCount(page);
      return countedPage(page);
    },

    async head(count) {
      return db
        .select()
        .from(transactions)
        .where(and(...filterConditions(active, 'index', (key) => values[key])))
        .orderBy(...LIST_ORDER)
        .limit(count);
    },

    /** The kept counts answer most combinations. */
    async count() {
      const statement = preparedStatement(
        db,
        statementName('transactions_count', active),
        (name) => countQuery(db, active).prepare(name),
        planWithValues(active),
      );
      const [row] = await statement.execute(values);
      return row?.total ?? 0;
    },

    async batchAfter(cursor, size) {
      const name = statementName(
        cursor ? 'transactions_batch_after' : 'transactions_batch',
        active,
      );
      const statement = preparedStatement(
        db,
        name,
        (name) => {
          const conditions = filterConditions(active);
          if (cursor) {
            // A row comparison in the index's own order: the scan starts right after the cursor
            // (the equivalent OR of three cases is only a filter, rescanning every earlier row).
            conditions.push(
              sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${placeholder('afterAddedOn')}, ${placeholder('afterCreatedAt')}, ${placeholder('afterId')})`,
            );
          }
          return db
            .select()
            .from(transactions)
            .where(and(...conditions))
            .orderBy(...LIST_ORDER)
            .limit(placeholder('size'))
            .prepare(name);
        },
        planWithValues(active),
      );
      return statement.execute({
        ...values,
        afterAddedOn: cursor?.addedOn,
        afterCreatedAt: cursor?.createdAt,
        afterId: cursor?.id,
        size,
      });
    },

    transferLegs: (base, count) =>
      createTransferLegsRepository(db).legs(householdId, base, filters, count),
  };
}
