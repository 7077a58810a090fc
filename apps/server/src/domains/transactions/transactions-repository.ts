/**
 * The SQL that writes transactions. Only the transactions service calls it: every insert,
 * update and delete of a transaction, whoever asks for it, goes through that one writer. The
 * bulk edit, tags, recurring occurrences and the trash have repositories of their own
 * (bulk-edit-repository.ts, transaction-tags-repository.ts,
 * recurring-occurrences-repository.ts, trash-repository.ts).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { moveCategoryIn } from '../../db/move-category';
import { transactions, type TransactionRow } from '../../db/schema';
import { newId, newIds } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import {
  columnList,
  columnNames,
  COLUMNS,
  snapshotOf,
  toColumnRecord,
  type TransactionSnapshot,
} from './transaction-columns';

export type { TransactionSnapshot } from './transaction-columns';

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
  /** Without one, the database picks the household's default account (the oldest not archived). */
  accountId?: string | null | undefined;
  /** `undefined` keeps the stored tags on update, and means none on insert. */
  tags?: string[] | undefined;
  /** The import that created it, and the bank's own id of it (docs/architecture.md, Imports). */
  importId?: string | null;
  bankId?: string | null;
  /** Without one, the account's (a trigger, src/db/derived/default-account.ts). */
  currency?: string | undefined;
  /** What the bank charged, in `baseCostCurrency` (the base currency when it was given). */
  baseCostCents?: number | null;
  baseCostCurrency?: string | null;
}

/**
 * A row for the bulk path, which may hold several users' rows; a restore (docs/export-format.md)
 * gives each its original creation time, which orders a day's rows in the list.
 */
export type NewTransactionRow = TransactionValues & {
  householdId: HouseholdId;
  /** Who entered it; null for the rows the system makes (a recurring rule's occurrences). */
  createdBy: string | null;
  /** Who changed it last; default `createdBy`. */
  updatedBy?: string | null;
  /** The member writing it, null for the engine's rows (the column goes in favour of createdBy). */
  userId: string | null;
  createdAt?: string;
  /** The id to give it (a restore maps the export's ids to these); else a new one. */
  id?: string;
};

type TransactionInsert = typeof transactions.$inferInsert;

/**
 * A query whose rows are transactions to create, for `insertFrom`: one SQL expression per
 * column it fills, named as schema/transactions.ts names the column (required columns must be given; the
 * id is the writer's), the order their ids follow, and the rest of the query.
 */
export interface TransactionSource {
  /** Without `currency`, each row takes its account's. */
  columns: { [Column in keyof Omit<TransactionInsert, 'id' | 'currency'>]: SQL } & {
    householdId: SQL;
    currency?: SQL;
  };
  /** The order the new ids follow (an import row's position). */
  ordinal: SQL;
  /**
   * A row's parts when it is split: a jsonb array of `{ category, amountCents, note }`, 2–50
   * parts > 0 summing to its cost, checked by whoever wrote them; NULL for an unsplit row.
   */
  splits?: SQL;
  /** FROM, joins and WHERE. */
  from: SQL;
}

/** How many rows of a source have each household, user, category and kind. */
export interface SourceCategory {
  householdId: HouseholdId;
  userId: string;
  name: string;
  isIncome: boolean;
  count: number;
}

/** The source as one query: its columns under their SQL names, and `ordinal`. */
function sourceQuery(source: TransactionSource): SQL {
  const expressions = Object.entries(source.columns as Record<string, SQL>);
  const names = columnNames(expressions.map(([key]) => key));
  const selected = expressions
    .filter(([key]) => names.includes(COLUMNS[key]!.name))
    .map(([key, expression]) => sql`${expression} AS ${sql.identifier(COLUMNS[key]!.name)}`);
  const splits = source.splits ? sql`, ${source.splits} AS splits` : sql``;
  return sql`SELECT ${sql.join(selected, sql`, `)}, ${source.ordinal} AS ordinal${splits} ${source.from}`;
}

/** The source's rows numbered as insertFrom hands out its ids (n = 1, 2, … in ordinal order). */
export function numberedSource(source: TransactionSource): SQL {
  return sql`SELECT source.*, row_number() OVER (ORDER BY source.ordinal) AS n
    FROM (${sourceQuery(source)}) AS source`;
}

export function createTransactionsRepository(db: Executor) {
  return {
    /** A transaction `userId` made in the household's books. */
    async insert(
      householdId: HouseholdId,
      userId: string,
      values: TransactionValues,
    ): Promise<TransactionRow> {
      const [row] = await db
        .insert(transactions)
        .values({
          id: newId(),
          householdId,
          userId,
          createdBy: userId,
          updatedBy: userId,
          ...values,
          // NULL: the database puts it in the household's default account (a trigger), and
          // gives it that account's currency.
          accountId: values.accountId ?? sql`NULL`,
          currency: values.currency ?? sql`NULL`,
        })
        .returning();
      return row!;
    },

    /**
     * Inserts many transactions (of any users) in one statement: the rows travel as one JSON
     * parameter and `json_populate_recordset` reads it with the table's own row type, so
     * 10,000 rows cost one round trip and every column type (a list, a date) is read as the
     * column reads it. The columns are those the rows give a value (a column no row gives gets
     * its default; a row without a value that another row gives gets NULL, as a missing note
     * always has). A recurring rule's occurrence that exists already is skipped (its unique index),
     * so that recording occurrences twice creates nothing; returns how many rows were new.
     */
    async insertMany(rows: NewTransactionRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const ids = newIds(rows.length);
      const records = rows.map((row, index) =>
        toColumnRecord({ updatedBy: row.createdBy, ...row, id: row.id ?? ids[index]! }),
      );
      const given = new Set(records.flatMap((record) => Object.keys(record)));
      // A row without tags among rows with them has none (the column is NOT NULL).
      if (given.has('tags')) for (const record of records) record.tags ??= [];
      const columns = columnList(
        Object.values(COLUMNS)
          .map((column) => column.name)
          .filter((name) => given.has(name)),
      );
      const result = await db.execute(sql`
        INSERT INTO transactions (${columns})
        SELECT ${columns} FROM json_populate_recordset(NULL::transactions, ${JSON.stringify(records)}::json)
        ON CONFLICT (recurring_id, added_on) WHERE recurring_id IS NOT NULL DO NOTHING`);
      return result.rowCount ?? 0;
    },

    /** The categories of a source's rows, with how many rows each. */
    async categoriesOf(source: TransactionSource): Promise<SourceCategory[]> {
      const result = await db.execute<{
        household_id: HouseholdId;
        user_id: string;
        category: string;
        is_income: boolean;
        count: number;
      }>(sql`
        SELECT s.household_id, s.user_id, s.category, s.is_income, count(*)::int AS count
        FROM (${sourceQuery(source)}) AS s
        GROUP BY s.household_id, s.user_id, s.category, s.is_income`);
      return result.rows.map((row) => ({
        householdId: row.household_id,
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
      const names = columnNames(Object.keys(source.columns));
      // The ids array is read once (an InitPlan), then indexed per row: no join to plan.
      const result = await db.execute(sql`
        WITH given AS MATERIALIZED (SELECT ${sql.param(ids)}::uuid[] AS ids)
        INSERT INTO transactions (id, ${columnList(names)})
        SELECT ((SELECT ids FROM given))[s.n], ${columnList(names, 's')}
        FROM (${numberedSource(source)}) AS s`);
      return result.rowCount ?? 0;
    },

    /** Changes the household's transaction `id`; `userId` changed it. */
    async update(
      householdId: HouseholdId,
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
          updatedBy: userId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(transactions.householdId, householdId), eq(transactions.id, id)))
        .returning();
      return row;
    },

    async find(householdId: HouseholdId, id: string): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.householdId, householdId), eq(transactions.id, id)));
      return row;
    },

    /**
     * Deletes the household's transactions with these ids and returns them as they were (each row
     * as `to_jsonb` writes it, keyed by SQL column names, without generated columns), so that
     * `restore` can put them back exactly.
     */
    async take(householdId: HouseholdId, ids: string[]): Promise<TransactionSnapshot[]> {
      if (ids.length === 0) return [];
      const result = await db.execute<{ row: TransactionSnapshot }>(sql`
        DELETE FROM transactions AS t
        WHERE t.household_id = ${householdId} AND t.id = ANY(${sql.param(ids)}::uuid[])
        RETURNING ${snapshotOf('t')} AS row`);
      return result.rows.map((row) => row.row);
    },

    /**
     * Puts back transactions `take` returned, with their ids. A link to a recurring rule,
     * receipt or import deleted since is dropped, as deleting it would have dropped it; a row
     * whose id exists again is skipped. Returns the ids put back.
     */
    async restore(snapshots: TransactionSnapshot[]): Promise<string[]> {
      if (snapshots.length === 0) return [];
      const given = new Set(snapshots.flatMap((snapshot) => Object.keys(snapshot)));
      const names = Object.values(COLUMNS)
        .filter((column) => !column.isGenerated && given.has(column.name))
        .map((column) => column.name);
      const linked: Record<string, string> = {
        receipt_id: 'receipts',
        import_id: 'imports',
      };
      const values = names.map((name) => {
        if (linked[name]) {
          return sql`(SELECT p.id FROM ${sql.identifier(linked[name])} AS p WHERE p.id = s.${sql.identifier(name)})`;
        }
        // A rule's occurrence whose day another row holds now stays, unlinked (the unique key).
        if (name === 'recurring_id') {
          return sql`(SELECT p.id FROM recurring_rules AS p WHERE p.id = s.recurring_id
            AND NOT EXISTS (SELECT 1 FROM transactions AS o
              WHERE o.recurring_id = s.recurring_id AND o.added_on = s.added_on))`;
        }
        // An account deleted since: NULL puts the row in the household's default account.
        if (name === 'account_id') {
          return sql`(SELECT a.id FROM accounts AS a
            WHERE a.household_id = s.household_id AND a.id = s.account_id)`;
        }
        return sql`s.${sql.identifier(name)}`;
      });
      const result = await db.execute(sql`
        INSERT INTO transactions (${columnList(names)})
        SELECT ${sql.join(values, sql`, `)}
        FROM jsonb_populate_recordset(NULL::transactions, ${JSON.stringify(snapshots)}::jsonb) AS s
        ON CONFLICT (id) DO NOTHING
        RETURNING id`);
      return result.rows.map((row) => String(row.id));
    },

    /** Deletes the transactions an import created; returns how many. */
    async deleteByImport(householdId: HouseholdId, importId: string): Promise<number> {
      const result = await db
        .delete(transactions)
        .where(and(eq(transactions.householdId, householdId), eq(transactions.importId, importId)));
      return result.rowCount ?? 0;
    },

    /**
     * Gives the household's transactions with these ids a category (and a new name, when given),
     * skipping those that have them already; returns the kinds (income?) of the rows changed.
     * `userId` changed them.
     */
    async recategorise(
      householdId: HouseholdId,
      userId: string,
      ids: string[],
      change: { category: string; name: string | null },
    ): Promise<Array<{ isIncome: boolean; isRecategorised: boolean }>> {
      if (ids.length === 0) return [];
      // A split transaction keeps its category, its largest part's (docs/api.md, Transaction): only
      // its name may change.
      const result = await db.execute<{ is_income: boolean; is_recategorised: boolean }>(sql`
        WITH split AS MATERIALIZED (
          SELECT DISTINCT s.transaction_id AS id FROM transaction_splits AS s
          WHERE s.household_id = ${householdId} AND s.transaction_id = ANY(${sql.param(ids)}::uuid[])
        )
        UPDATE transactions AS t
        SET category = CASE WHEN t.id IN (SELECT id FROM split) THEN t.category
              ELSE ${change.category} END,
            name = coalesce(${change.name}::text, t.name),
            updated_by = ${userId}, updated_at = now()
        WHERE t.household_id = ${householdId} AND t.id = ANY(${sql.param(ids)}::uuid[])
          AND ((t.category <> ${change.category} AND t.id NOT IN (SELECT id FROM split))
            OR t.name <> coalesce(${change.name}::text, t.name))
        RETURNING t.is_income, t.category = ${change.category} AS is_recategorised`);
      return result.rows.map((row) => ({
        isIncome: row.is_income,
        isRecategorised: row.is_recategorised,
      }));
    },

    async moveCategory(
      householdId: HouseholdId,
      from: string,
      to: string,
      kinds: boolean[],
    ): Promise<number> {
      return moveCategoryIn(db, transactions, { householdId, from, to, kinds });
    },
  };
}
