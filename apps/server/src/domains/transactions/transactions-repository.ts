import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { moveCategoryIn } from '../../db/move-category';
import { transactions, type TransactionRow } from '../../db/schema';
import { newId, newIds } from '../../lib/ids';

/**
 * The SQL that writes transactions. Only the transactions service calls it: every insert,
 * update and delete of a transaction, whoever asks for it, goes through that one writer.
 */

export interface TransactionValues {
  name: string;
  category: string;
  costCents: number;
  addedOn: string;
  isIncome: boolean;
  /** `undefined` on update keeps the stored note; `null` clears it. */
  note: string | null | undefined;
  recurringId?: string | null;
  receiptId?: string | null;
  /** Without one, the database picks the user's default account (the oldest not archived). */
  accountId?: string | null | undefined;
  /** The import that created it, and the bank's own id of it (docs/architecture.md, Imports). */
  importId?: string | null;
  bankId?: string | null;
}

/** A row for the bulk path, which may hold several users' rows. */
export type NewTransactionRow = TransactionValues & { userId: string };

/**
 * A query whose rows are transactions to create, for `insertFrom`: the columns user_id,
 * account_id, name, category, cost_cents, added_on, is_income, note, import_id and bank_id,
 * and `ordinal`, the order their ids follow (an import row's position).
 */
export type TransactionSource = SQL;

/** How many rows of a source have each user, category and kind. */
export interface SourceCategory {
  userId: string;
  name: string;
  isIncome: boolean;
  count: number;
}

export function createTransactionsRepository(db: Executor) {
  return {
    async insert(userId: string, values: TransactionValues): Promise<TransactionRow> {
      const [row] = await db
        .insert(transactions)
        .values({
          id: newId(),
          userId,
          ...values,
          // NULL: the database puts it in the user's default account (a trigger, see 0009).
          accountId: values.accountId ?? sql`NULL`,
        })
        .returning();
      return row!;
    },

    /**
     * Inserts many transactions (of any users) in one statement: the columns travel as array
     * parameters and `unnest` turns them into rows, so 10,000 rows cost one round trip. A
     * recurring rule's occurrence that exists already is skipped (its unique index), so that
     * recording occurrences twice creates nothing; returns how many rows were new.
     */
    async insertMany(rows: NewTransactionRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const column = (pick: (row: NewTransactionRow) => unknown) => sql.param(rows.map(pick));
      const ids = newIds(rows.length);
      const result = await db.execute(sql`
        INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
          note, recurring_id, receipt_id, account_id, import_id, bank_id)
        SELECT * FROM unnest(
          ${sql.param(ids)}::uuid[], ${column((row) => row.userId)}::uuid[],
          ${column((row) => row.name)}::text[], ${column((row) => row.category)}::text[],
          ${column((row) => row.costCents)}::bigint[], ${column((row) => row.addedOn)}::date[],
          ${column((row) => row.isIncome)}::boolean[], ${column((row) => row.note ?? null)}::text[],
          ${column((row) => row.recurringId ?? null)}::uuid[],
          ${column((row) => row.receiptId ?? null)}::uuid[],
          ${column((row) => row.accountId ?? null)}::uuid[],
          ${column((row) => row.importId ?? null)}::uuid[],
          ${column((row) => row.bankId ?? null)}::text[]
        )
        ON CONFLICT (recurring_id, added_on) WHERE recurring_id IS NOT NULL DO NOTHING`);
      return result.rowCount ?? 0;
    },

    /** The categories of a source's rows, with how many rows each. */
    async categoriesOf(source: TransactionSource): Promise<SourceCategory[]> {
      const result = await db.execute<{
        user_id: string;
        category: string;
        is_income: boolean;
        count: number;
      }>(sql`
        SELECT s.user_id, s.category, s.is_income, count(*)::int AS count
        FROM (${source}) AS s GROUP BY s.user_id, s.category, s.is_income`);
      return result.rows.map((row) => ({
        userId: row.user_id,
        name: row.category,
        isIncome: row.is_income,
        count: row.count,
      }));
    },

    /**
     * Inserts the rows of a source query in one statement, without a row passing through
     * Node: an import's 100,000 rows go from import_rows to transactions inside PostgreSQL.
     * The ids are the app's (`ids`, one per row, time-ordered), handed out in the source's
     * `ordinal` order; a source with more rows than ids fails (a null id), so nothing is
     * written. Returns how many rows were inserted.
     */
    async insertFrom(source: TransactionSource, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      // The ids array is read once (an InitPlan), then indexed per row: no join to plan.
      const result = await db.execute(sql`
        WITH given AS MATERIALIZED (SELECT ${sql.param(ids)}::uuid[] AS ids)
        INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
          note, account_id, import_id, bank_id)
        SELECT ((SELECT ids FROM given))[s.n], s.user_id, s.name, s.category, s.cost_cents,
          s.added_on, s.is_income, s.note, s.account_id, s.import_id, s.bank_id
        FROM (
          SELECT source.*, row_number() OVER (ORDER BY source.ordinal) AS n
          FROM (${source}) AS source
        ) AS s`);
      return result.rowCount ?? 0;
    },

    async update(
      userId: string,
      id: string,
      values: TransactionValues,
    ): Promise<TransactionRow | undefined> {
      const [row] = await db
        .update(transactions)
        .set({
          ...values,
          // Without an account the transaction stays where it is.
          accountId: values.accountId ?? undefined,
          updatedAt: sql`now()`,
        })
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

    async deleteMany(userId: string, ids: string[]): Promise<number> {
      const deleted = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
        .returning({ id: transactions.id });
      return deleted.length;
    },

    /** Deletes the transactions an import created; returns how many. */
    async deleteByImport(userId: string, importId: string): Promise<number> {
      const result = await db
        .delete(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)));
      return result.rowCount ?? 0;
    },

    /**
     * Gives the user's transactions with these ids a category (and a new name, when given),
     * skipping those that have them already; returns the kinds (income?) of the rows changed.
     */
    async recategorise(
      userId: string,
      ids: string[],
      change: { category: string; name: string | null },
    ): Promise<boolean[]> {
      if (ids.length === 0) return [];
      const result = await db.execute<{ is_income: boolean }>(sql`
        UPDATE transactions
        SET category = ${change.category}, name = coalesce(${change.name}::text, name),
            updated_at = now()
        WHERE user_id = ${userId} AND id = ANY(${sql.param(ids)}::uuid[])
          AND (category <> ${change.category} OR name <> coalesce(${change.name}::text, name))
        RETURNING is_income`);
      return result.rows.map((row) => row.is_income);
    },

    async moveCategory(
      userId: string,
      from: string,
      to: string,
      kinds: boolean[],
    ): Promise<number> {
      return moveCategoryIn(db, transactions, { userId, from, to, kinds });
    },
  };
}
