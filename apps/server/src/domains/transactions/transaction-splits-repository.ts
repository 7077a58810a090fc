/**
 * The parts of split transactions (transaction_splits, docs/database.md). Written only by the
 * transactions service, inside the write of their transaction, so that a transaction and its
 * parts always change together; an unsplit transaction has no rows here.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { transactionSplits } from '../../db/schema';
import { newIds } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import { numberedSource, type TransactionSource } from './transactions-repository';

/** One stored part, in stored hundredths of its transaction's currency. */
export interface SplitPart {
  category: string;
  amountCents: number;
  note: string | null;
}

export function createTransactionSplitsRepository(db: Executor) {
  return {
    /**
     * Makes `parts` the transaction's parts, in order: none unsplits it. The old parts are
     * deleted and the new ones inserted in two statements, so that each statement's triggers
     * see whole transactions.
     */
    async replace(
      householdId: HouseholdId,
      userId: string,
      transactionId: string,
      parts: readonly SplitPart[],
    ) {
      await db
        .delete(transactionSplits)
        .where(
          and(
            eq(transactionSplits.householdId, householdId),
            eq(transactionSplits.transactionId, transactionId),
          ),
        );
      if (parts.length === 0) return;
      const ids = newIds(parts.length);
      await db.insert(transactionSplits).values(
        parts.map((part, position) => ({
          id: ids[position]!,
          householdId,
          userId,
          transactionId,
          position,
          category: part.category,
          amountCents: part.amountCents,
          note: part.note,
        })),
      );
    },

    /**
     * The parts' categories of a source's split rows (see TransactionSource.splits), with how
     * many parts each, for remembering them before they are written.
     */
    async categoriesOfSource(source: TransactionSource) {
      if (!source.splits) return [];
      const result = await db.execute<{
        household_id: HouseholdId;
        user_id: string;
        category: string;
        is_income: boolean;
        count: number;
      }>(sql`
        SELECT s.household_id, s.user_id, p.category, s.is_income, count(*)::int AS count
        FROM (${numberedSource(source)}) AS s
        CROSS JOIN LATERAL jsonb_to_recordset(s.splits) AS p(category text)
        WHERE s.splits IS NOT NULL
        GROUP BY s.household_id, s.user_id, p.category, s.is_income`);
      return result.rows.map((row) => ({
        householdId: row.household_id,
        userId: row.user_id,
        name: row.category,
        isIncome: row.is_income,
        count: row.count,
      }));
    },

    /**
     * Writes the parts of the split rows of a source whose transactions insertFrom has just
     * created with `transactionIds` (handed out in the source's order), in one statement after
     * theirs, so that the derived triggers see each transaction before its parts. `partIds`:
     * one per part, in the same order.
     */
    async insertFromSource(
      source: TransactionSource,
      transactionIds: readonly string[],
      partIds: readonly string[],
    ): Promise<number> {
      if (!source.splits || partIds.length === 0) return 0;
      const result = await db.execute(sql`
        WITH given AS MATERIALIZED (
          SELECT ${sql.param([...transactionIds])}::uuid[] AS transaction_ids,
            ${sql.param([...partIds])}::uuid[] AS part_ids
        ), part AS (
          SELECT s.household_id, s.user_id,
            ((SELECT transaction_ids FROM given))[s.n] AS transaction_id,
            p.position - 1 AS position, p.category, p.amount_cents, p.note,
            row_number() OVER (ORDER BY s.n, p.position) AS k
          FROM (${numberedSource(source)}) AS s
          CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(s.splits)
            AS (category text, "amountCents" bigint, note text))
            WITH ORDINALITY AS p(category, amount_cents, note, position)
          WHERE s.splits IS NOT NULL
        )
        INSERT INTO transaction_splits (id, household_id, user_id, transaction_id, position,
          category, amount_cents, note)
        SELECT ((SELECT part_ids FROM given))[part.k], part.household_id, part.user_id,
          part.transaction_id,
          part.position, part.category, part.amount_cents, part.note
        FROM part`);
      return result.rowCount ?? 0;
    },

    /**
     * Moves the parts of a category to another one, in the household's transactions of the given
     * kinds (a category's rename or merge: parts follow their category). Returns how many.
     */
    async moveCategory(householdId: HouseholdId, from: string, to: string, kinds: boolean[]) {
      if (kinds.length === 0) return 0;
      const result = await db.execute(sql`
        UPDATE transaction_splits AS s SET category = ${to}
        FROM transactions AS t
        WHERE s.household_id = ${householdId} AND s.category = ${from}
          AND t.id = s.transaction_id AND t.household_id = ${householdId} AND t.is_income = ANY(${sql.param(kinds)}::boolean[])`);
      return result.rowCount ?? 0;
    },

    /**
     * The parts of these transactions, by transaction id; a transaction without parts is not
     * in the map. One probe of the (transaction_id, position) index per id: a page of the plain
     * list, which holds no split, costs one empty index scan.
     */
    async of(householdId: HouseholdId, transactionIds: readonly string[]) {
      const byTransaction = new Map<string, SplitPart[]>();
      if (transactionIds.length === 0) return byTransaction;
      const rows = await db
        .select({
          transactionId: transactionSplits.transactionId,
          category: transactionSplits.category,
          amountCents: transactionSplits.amountCents,
          note: transactionSplits.note,
        })
        .from(transactionSplits)
        .where(
          and(
            inArray(transactionSplits.transactionId, [...transactionIds]),
            eq(transactionSplits.householdId, householdId),
          ),
        )
        .orderBy(asc(transactionSplits.transactionId), asc(transactionSplits.position));
      for (const { transactionId, ...part } of rows) {
        const parts = byTransaction.get(transactionId) ?? [];
        parts.push(part);
        byTransaction.set(transactionId, parts);
      }
      return byTransaction;
    },
  };
}
