import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
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
/** The columns a bulk edit may set, by SQL name. */
export const BULK_FIELDS = ['category', 'account_id', 'name', 'added_on', 'note', 'tags'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** A bulk-edited row's values before the edit. */
export type BulkBefore = {
  id: string;
  is_income: boolean;
  category: string;
  account_id: string;
  name: string;
  added_on: string;
  note: string | null;
  tags: string[];
};

export type NewTransactionRow = TransactionValues & {
  userId: string;
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

/** What of a recurring rule decides which transactions may be its occurrences. */
export interface OccurrenceRule {
  id: string;
  userId: string;
  name: string;
  amountCents: number;
  isIncome: boolean;
  accountId: string | null;
}

/** A transaction that may be a rule's occurrence: linked to it already, or a likely match. */
export interface OccurrenceCandidate {
  id: string;
  addedOn: string;
  isLinked: boolean;
}

/** How many rows of a source have each user, category and kind. */
export interface SourceCategory {
  userId: string;
  name: string;
  isIncome: boolean;
  count: number;
}

/**
 * The transactions table's columns as schema/transactions.ts defines them: every insert path takes its
 * column list from here, so that a new column needs no edit in hand-written SQL.
 */
const COLUMNS: Record<string, { name: string; isGenerated: boolean }> = Object.fromEntries(
  Object.entries(getTableColumns(transactions)).map(([key, column]) => [
    key,
    { name: column.name, isGenerated: column.generated !== undefined },
  ]),
);

/** A transaction as `take` returns it: its stored columns by SQL name. */
export type TransactionSnapshot = Record<string, unknown> & { id: string };

const generatedColumnNames = () =>
  sql.param(
    Object.values(COLUMNS)
      .filter((column) => column.isGenerated)
      .map((column) => column.name),
  );

/**
 * A transaction row as `to_jsonb` writes it (SQL column names, no generated columns), with a
 * split transaction's parts as `splits` (category, amount_cents, note, in order): read in a
 * `DELETE … RETURNING`, where the parts, deleted after their transaction by a statement
 * trigger, are still visible. `restore` ignores the key; the services write the parts back.
 */
const snapshotOf = (alias: string) => {
  const t = sql.identifier(alias);
  return sql`to_jsonb(${t}) - ${generatedColumnNames()}::text[] || coalesce((
    SELECT jsonb_build_object('splits', jsonb_agg(jsonb_build_object(
      'category', s.category, 'amount_cents', s.amount_cents, 'note', s.note)
      ORDER BY s.position))
    FROM transaction_splits AS s WHERE s.transaction_id = ${t}.id), '{}'::jsonb)`;
};

/** The given columns' SQL names, in the table's order (generated ones are never written). */
function columnNames(keys: Iterable<string>): string[] {
  const given = new Set(keys);
  return Object.entries(COLUMNS)
    .filter(([key, column]) => given.has(key) && !column.isGenerated)
    .map(([, column]) => column.name);
}

function columnList(names: string[], prefix?: string): SQL {
  return sql.join(
    names.map((name) =>
      prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(name)}` : sql.identifier(name),
    ),
    sql`, `,
  );
}

/** A row as JSON keyed by SQL column names; undefined values are left out (not given). */
function toColumnRecord(row: object): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = COLUMNS[key];
    if (column && !column.isGenerated && value !== undefined) record[column.name] = value;
  }
  return record;
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
    async insert(userId: string, values: TransactionValues): Promise<TransactionRow> {
      const [row] = await db
        .insert(transactions)
        .values({
          id: newId(),
          userId,
          ...values,
          // NULL: the database puts it in the user's default account (a trigger, see 0009), and
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
        toColumnRecord({ ...row, id: row.id ?? ids[index]! }),
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
        user_id: string;
        category: string;
        is_income: boolean;
        count: number;
      }>(sql`
        SELECT s.user_id, s.category, s.is_income, count(*)::int AS count
        FROM (${sourceQuery(source)}) AS s GROUP BY s.user_id, s.category, s.is_income`);
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
      const names = columnNames(Object.keys(source.columns));
      // The ids array is read once (an InitPlan), then indexed per row: no join to plan.
      const result = await db.execute(sql`
        WITH given AS MATERIALIZED (SELECT ${sql.param(ids)}::uuid[] AS ids)
        INSERT INTO transactions (id, ${columnList(names)})
        SELECT ((SELECT ids FROM given))[s.n], ${columnList(names, 's')}
        FROM (${numberedSource(source)}) AS s`);
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

    async find(userId: string, id: string): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.id, id)));
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

    /**
     * Deletes the user's transactions with these ids and returns them as they were (each row
     * as `to_jsonb` writes it, keyed by SQL column names, without generated columns), so that
     * `restore` can put them back exactly.
     */
    async take(userId: string, ids: string[]): Promise<TransactionSnapshot[]> {
      if (ids.length === 0) return [];
      const result = await db.execute<{ row: TransactionSnapshot }>(sql`
        DELETE FROM transactions AS t
        WHERE t.user_id = ${userId} AND t.id = ANY(${sql.param(ids)}::uuid[])
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
        // An account deleted since: NULL puts the row in the user's default account (0009).
        if (name === 'account_id') {
          return sql`(SELECT a.id FROM accounts AS a
            WHERE a.user_id = s.user_id AND a.id = s.account_id)`;
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

    /**
     * Moves the user's transactions with these ids to the trash (deleted_transactions, as `take`
     * snapshots them) in one statement, with their attached files (held in
     * deleted_transaction_attachments: the delete's cascade takes them from
     * transaction_attachments at the end of the statement, after this copy read them); returns
     * how many moved.
     */
    async moveToTrash(userId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.execute(sql`
        WITH taken AS (
          DELETE FROM transactions AS t
          WHERE t.user_id = ${userId} AND t.id = ANY(${sql.param(ids)}::uuid[])
          -- A split transaction's parts ride in its row: a restore writes them back.
          RETURNING t.id, t.user_id, ${snapshotOf('t')} AS row
        ), held AS (
          INSERT INTO deleted_transaction_attachments (id, user_id, transaction_id, file_name,
            mime_type, size_bytes, sha256, content, created_at)
          SELECT a.id, a.user_id, a.transaction_id, a.file_name, a.mime_type, a.size_bytes,
            a.sha256, a.content, a.created_at
          FROM transaction_attachments AS a
          WHERE a.user_id = ${userId} AND a.transaction_id IN (SELECT id FROM taken)
          ON CONFLICT (id) DO NOTHING
        )
        INSERT INTO deleted_transactions (id, user_id, row)
        SELECT id, user_id, row FROM taken
        ON CONFLICT (id) DO UPDATE SET row = excluded.row, deleted_at = now()`);
      return result.rowCount ?? 0;
    },

    /**
     * Sets fields of the user's transactions, each row its own values (`changes`: id → fields
     * by SQL name; a field a row leaves out stays), in one statement: a bulk edit and its undo.
     * Returns, per row changed, its values before, by SQL name.
     */
    async setFields(
      userId: string,
      changes: Array<{ id: string } & Partial<Record<BulkField, unknown>>>,
    ): Promise<BulkBefore[]> {
      if (changes.length === 0) return [];
      const assignments = BULK_FIELDS.map(
        (field) =>
          sql`${sql.identifier(field)} = CASE WHEN c.given ? ${field} THEN c.${sql.identifier(field)} ELSE t.${sql.identifier(field)} END`,
      );
      const records = changes.map((change) => ({
        ...change,
        given: Object.fromEntries(
          Object.entries(change)
            .filter(([key, value]) => key !== 'id' && value !== undefined)
            .map(([key]) => [key, true]),
        ),
      }));
      const result = await db.execute<BulkBefore>(sql`
        WITH c AS (
          SELECT * FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS c(
            id uuid, given jsonb, category text, account_id uuid, name text, added_on date,
            note text, tags text[])
        ), before AS (
          SELECT t.id, t.is_income, t.category, t.account_id, t.name,
            t.added_on::text AS added_on, t.note, t.tags
          FROM transactions AS t JOIN c ON c.id = t.id
          WHERE t.user_id = ${userId}
          FOR UPDATE OF t
        )
        UPDATE transactions AS t
        SET ${sql.join(assignments, sql`, `)}, updated_at = now()
        FROM c, before
        WHERE t.user_id = ${userId} AND t.id = c.id AND before.id = t.id
        RETURNING before.*`);
      return result.rows;
    },

    /**
     * Renames a tag on every one of the user's transactions that carry it; a transaction that
     * carries the new name already keeps it once (a merge). Rows with the new name in another
     * case take the new spelling too. Returns how many rows carry the new name afterwards.
     */
    async renameTag(userId: string, from: string, to: string): Promise<number> {
      const result = await db.execute(sql`
        UPDATE transactions AS t
        SET tags = (
          SELECT array_agg(d.tag ORDER BY d.ord) FROM (
            SELECT DISTINCT ON (lower(s.tag)) s.tag, s.ord FROM (
              SELECT CASE WHEN lower(u.tag) IN (lower(${from}), lower(${to})) THEN ${to}::text
                ELSE u.tag END AS tag, u.ord
              FROM unnest(t.tags) WITH ORDINALITY AS u(tag, ord)) AS s
            ORDER BY lower(s.tag), s.ord) AS d),
          updated_at = now()
        WHERE t.user_id = ${userId} AND t.tags <> '{}'::text[]
          AND moneta_tag_keys(t.tags) && ARRAY[lower(${from}), lower(${to})]::text[]`);
      return result.rowCount ?? 0;
    },

    /** Takes a tag off every one of the user's transactions; returns how many lost it. */
    async removeTag(userId: string, tag: string): Promise<number> {
      const result = await db.execute(sql`
        UPDATE transactions AS t
        SET tags = array(SELECT u.tag FROM unnest(t.tags) WITH ORDINALITY AS u(tag, ord)
            WHERE lower(u.tag) <> lower(${tag}) ORDER BY u.ord),
          updated_at = now()
        WHERE t.user_id = ${userId} AND t.tags <> '{}'::text[]
          AND moneta_tag_keys(t.tags) @> ARRAY[lower(${tag})]::text[]`);
      return result.rowCount ?? 0;
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
    ): Promise<Array<{ isIncome: boolean; isRecategorised: boolean }>> {
      if (ids.length === 0) return [];
      // A split transaction keeps its category, its largest part's (docs/api.md, Transaction): only
      // its name may change.
      const result = await db.execute<{ is_income: boolean; is_recategorised: boolean }>(sql`
        WITH split AS MATERIALIZED (
          SELECT DISTINCT s.transaction_id AS id FROM transaction_splits AS s
          WHERE s.user_id = ${userId} AND s.transaction_id = ANY(${sql.param(ids)}::uuid[])
        )
        UPDATE transactions AS t
        SET category = CASE WHEN t.id IN (SELECT id FROM split) THEN t.category
              ELSE ${change.category} END,
            name = coalesce(${change.name}::text, t.name),
            updated_at = now()
        WHERE t.user_id = ${userId} AND t.id = ANY(${sql.param(ids)}::uuid[])
          AND ((t.category <> ${change.category} AND t.id NOT IN (SELECT id FROM split))
            OR t.name <> coalesce(${change.name}::text, t.name))
        RETURNING t.is_income, t.category = ${change.category} AS is_recategorised`);
      return result.rows.map((row) => ({
        isIncome: row.is_income,
        isRecategorised: row.is_recategorised,
      }));
    },

    /**
     * The transactions dated `from` to `to` that may stand for a recurring rule's occurrences:
     * those linked to it already, and unlinked ones in its account (the first
     * account when it names none) of its direction and amount whose name, folded, contains the
     * rule's or is contained in it ("NETFLIX.COM 866-579" for "Netflix").
     */
    async occurrenceCandidates(
      rule: OccurrenceRule,
      from: string,
      to: string,
    ): Promise<OccurrenceCandidate[]> {
      const result = await db.execute<{ id: string; added_on: string; is_linked: boolean }>(sql`
        WITH rule AS MATERIALIZED (
          SELECT moneta_fold(${rule.name}::text) AS name_key,
            coalesce(${rule.accountId}::uuid, (
              SELECT id FROM accounts WHERE user_id = ${rule.userId}
              ORDER BY is_archived, created_at, id LIMIT 1)) AS account_id
        )
        SELECT t.id, t.added_on::text AS added_on, t.recurring_id IS NOT NULL AS is_linked
        FROM transactions AS t, rule
        WHERE t.user_id = ${rule.userId}
          AND t.added_on BETWEEN ${from}::date AND ${to}::date
          -- A row of the rule stands for an occurrence only at the rule's amount and kind: after
          -- an edit from 29.90 monthly to 34.90 weekly, the old rows are history, not this week's.
          AND ((t.recurring_id = ${rule.id} AND t.cost_cents = ${rule.amountCents}
              AND t.is_income = ${rule.isIncome})
            OR (t.recurring_id IS NULL AND t.account_id = rule.account_id
              AND t.is_income = ${rule.isIncome} AND t.cost_cents = ${rule.amountCents}
              AND rule.name_key <> '' AND moneta_fold(t.name) <> ''
              AND (strpos(moneta_fold(t.name), rule.name_key) > 0
                OR strpos(rule.name_key, moneta_fold(t.name)) > 0)))
        ORDER BY t.added_on, t.id`);
      return result.rows.map((row) => ({
        id: row.id,
        addedOn: row.added_on,
        isLinked: row.is_linked,
      }));
    },

    /** Links the user's unlinked transactions with these ids to a recurring rule. */
    async linkToRecurring(userId: string, recurringId: string, ids: string[]): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db.execute(sql`
        UPDATE transactions SET recurring_id = ${recurringId}, updated_at = now()
        WHERE user_id = ${userId} AND id = ANY(${sql.param(ids)}::uuid[])
          AND recurring_id IS NULL`);
      return result.rowCount ?? 0;
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
