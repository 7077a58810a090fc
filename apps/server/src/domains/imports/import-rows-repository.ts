import type { CategorySource, ImportRowStatus } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { TransactionSource } from '../transactions/transactions-service';
import { categoryPipeline, hasNoteRules, ruleRenames } from '../rules/rule-matching';
import { appliedInSql, CategoryDecisions, type CategoryDecision } from './category-decisions';
import { pairOneToOne } from './one-to-one';
import type { ReadRow } from './reading/read-row';

/** A row as the preview and the rows page show it. */
export interface ImportRowView {
  position: number;
  cells: string[] | null;
  date: string | null;
  name: string;
  amountCents: number | null;
  isIncome: boolean | null;
  category: string | null;
  categorySource: CategorySource | null;
  note: string | null;
  status: ImportRowStatus;
  duplicateOf: string | null;
  problem: string | null;
}

/** What the user chose for a row at commit. */
export interface RowChoice {
  position: number;
  include: boolean | null;
  category: string | null;
  isIncome: boolean | null;
}

export type StatusCounts = Record<ImportRowStatus, number>;

/** Which rows of an import: those at or after its first data row. */
export interface ImportRowsScope {
  importId: string;
  firstRow: number;
}

const param = <T>(values: T[]) => sql.param(values);

/** The row's kind after the user's choice. */
const KIND = sql.raw('coalesce(is_income_choice, is_income)');

/** A row's folded note, for rules on notes; only computed when the user has such rules. */
const noteKey = (userId: string) =>
  sql`CASE WHEN ${hasNoteRules(userId)} THEN coalesce(moneta_fold(note), '') ELSE '' END`;

/** The rows' distinct texts, as the category pipeline takes them, from a CTE `selected`. */
const selectedKeys = sql`
  SELECT DISTINCT name_key, note_key, is_income FROM selected WHERE is_income IS NOT NULL`;

/** A row as stored, with the texts the category pipeline compares. */
type StoredRow = {
  position: number;
  cells: string[] | null;
  date: string | null;
  name: string;
  amount_cents: number | null;
  is_income: boolean | null;
  note: string | null;
  file_category: string | null;
  category_choice: string | null;
  status: ImportRowStatus;
  duplicate_of: string | null;
  problem: string | null;
  bank_id: string | null;
  name_key: string;
  note_key: string;
};

/** The columns of a StoredRow. */
const storedColumns = (userId: string) => sql`
  position, cells, date, name, amount_cents, ${KIND} AS is_income, note, file_category,
  category_choice, status, duplicate_of, problem, bank_id,
  coalesce(payee_key, '') AS name_key, ${noteKey(userId)} AS note_key`;

const categorisable = (row: StoredRow) => ({
  name: row.name,
  nameKey: row.name_key,
  noteKey: row.note_key,
  isIncome: row.is_income,
  fileCategory: row.file_category,
  categoryChoice: row.category_choice,
});

/**
 * The SQL over an import's rows: storing what was read, the category pipeline and duplicate
 * detection as set-based statements over the whole import (never a query per row), pages of
 * rows, and what the commit creates.
 */
export function createImportRowsRepository(db: Executor) {
  /** Columns shared by insert and re-read, as unnest arrays. */
  const readColumns = (rows: ReadRow[]) => sql`
    ${param(rows.map((row) => row.position))}::int[],
    ${param(rows.map((row) => (row.cells ? JSON.stringify(row.cells) : null)))}::text[],
    ${param(rows.map((row) => row.date))}::date[],
    ${param(rows.map((row) => row.name))}::text[],
    ${param(rows.map((row) => row.amountCents))}::bigint[],
    ${param(rows.map((row) => row.isIncome))}::boolean[],
    ${param(rows.map((row) => row.note))}::text[],
    ${param(rows.map((row) => row.fileCategory))}::text[],
    ${param(rows.map((row) => row.bankId))}::text[],
    ${param(rows.map((row) => row.problem))}::text[]`;
  const readAlias = sql.raw(
    'r(position, cells, date, name, amount_cents, is_income, note, file_category, bank_id, problem)',
  );
  /** A row without a problem is new until duplicate detection says otherwise. */
  const statusOf = sql.raw(
    "CASE WHEN r.problem IS NULL AND r.date IS NOT NULL AND r.amount_cents IS NOT NULL THEN 'new' ELSE 'problem' END",
  );

  return {
    /** Stores records as read, in one statement per batch. */
    async insert(importId: string, rows: ReadRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        INSERT INTO import_rows (import_id, position, cells, date, name, amount_cents, is_income,
          note, file_category, bank_id, problem, payee_key, status)
        SELECT ${importId}::uuid, r.position, r.cells::jsonb, r.date, r.name, r.amount_cents,
          r.is_income, r.note, r.file_category, r.bank_id, r.problem, moneta_fold(r.name),
          ${statusOf}
        FROM unnest(${readColumns(rows)}) AS ${readAlias}`);
    },

    /** Replaces what was read from records (a new mapping), by position. */
    async reread(importId: string, rows: ReadRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        UPDATE import_rows AS t
        SET date = r.date, name = r.name, amount_cents = r.amount_cents,
          is_income = r.is_income, note = r.note, file_category = r.file_category,
          problem = r.problem, payee_key = moneta_fold(r.name), status = ${statusOf},
          duplicate_of = NULL
        FROM unnest(${readColumns(rows)}) AS ${readAlias}
        WHERE t.import_id = ${importId} AND t.position = r.position`);
    },

    /** A CSV's records by position after `after`, for reading them again. */
    async cells(
      importId: string,
      range: { after: number; limit: number },
    ): Promise<Array<{ position: number; cells: string[] }>> {
      const result = await db.execute<{ position: number; cells: string[] | null }>(sql`
        SELECT position, cells FROM import_rows
        WHERE import_id = ${importId} AND position > ${range.after}
        ORDER BY position LIMIT ${range.limit}`);
      return result.rows.map((row) => ({ position: row.position, cells: row.cells ?? [] }));
    },

    /** The cells of one record (a CSV header candidate), or undefined. */
    async recordAt(importId: string, position: number): Promise<string[] | undefined> {
      const result = await db.execute<{ cells: string[] | null }>(sql`
        SELECT cells FROM import_rows WHERE import_id = ${importId} AND position = ${position}`);
      return result.rows[0]?.cells ?? undefined;
    },

    /** Records the user's choices; returns the positions that exist among the rows. */
    async saveChoices(scope: ImportRowsScope, choices: RowChoice[]): Promise<Set<number>> {
      if (choices.length === 0) return new Set();
      const result = await db.execute<{ position: number }>(sql`
        UPDATE import_rows AS t
        SET include = c.include, category_choice = c.category, is_income_choice = c.is_income
        FROM unnest(
          ${param(choices.map((choice) => choice.position))}::int[],
          ${param(choices.map((choice) => choice.include))}::boolean[],
          ${param(choices.map((choice) => choice.category))}::text[],
          ${param(choices.map((choice) => choice.isIncome))}::boolean[]
        ) AS c(position, include, category, is_income)
        WHERE t.import_id = ${scope.importId} AND t.position = c.position
          AND t.position >= ${scope.firstRow}
        RETURNING t.position`);
      return new Set(result.rows.map((row) => row.position));
    },

    /**
     * Marks the rows that are already in the account (docs/architecture.md, Imports), one to one:
     * first by the bank's id (the n-th row with an id against the n-th transaction with it), then,
     * for the rest, by kind, amount, date within two days and the same folded payee (the file's
     * name or the name a rule gives it), closest date first. A row and a transaction that both have
     * bank ids, different ones, are never the same. The lookups and the marking are hash joins over
     * the whole import (nested loops are ruled out: right after a bulk insert the statistics may
     * say the import is tiny, and a nested loop over two large sides never finishes); only the rows
     * whose status changes are written.
     */
    async markDuplicates(userId: string, accountId: string, scope: ImportRowsScope): Promise<void> {
      const { importId, firstRow } = scope;
      const readable = sql`import_id = ${importId} AND position >= ${firstRow}
        AND status <> 'problem'`;
      await withoutNestedLoops(db, async () => {
        const byBankId = await db.execute<{ position: number; transaction_id: string }>(sql`
        WITH file AS (
          SELECT position, bank_id,
            row_number() OVER (PARTITION BY bank_id ORDER BY position) AS nth
          FROM import_rows WHERE ${readable} AND bank_id IS NOT NULL
        ),
        ledger AS (
          SELECT id, bank_id,
            row_number() OVER (PARTITION BY bank_id ORDER BY added_on, created_at, id) AS nth
          FROM transactions
          WHERE user_id = ${userId} AND account_id = ${accountId}
            AND bank_id IN (SELECT bank_id FROM file)
        )
        SELECT f.position, l.id AS transaction_id
        FROM file f JOIN ledger l ON l.bank_id = f.bank_id AND l.nth = f.nth`);
        const byPayee = await db.execute<{ position: number; transaction_id: string }>(sql`
        WITH selected AS MATERIALIZED (
          SELECT position, date, amount_cents, ${KIND} AS is_income, bank_id,
            coalesce(payee_key, '') AS name_key, ${noteKey(userId)} AS note_key
          FROM import_rows WHERE ${readable}
        ),
        renamed AS MATERIALIZED (${ruleRenames(userId, selectedKeys)}),
        keyed AS (
          SELECT s.*, moneta_fold(n.rename) AS renamed_key
          FROM selected s
          LEFT JOIN renamed n ON n.name_key = s.name_key AND n.note_key = s.note_key
            AND n.is_income = s.is_income
        ),
        span AS (SELECT min(date) - 2 AS low, max(date) + 2 AS high FROM selected),
        ledger AS MATERIALIZED (
          SELECT t.id, t.added_on, t.cost_cents, t.is_income, t.bank_id, t.created_at,
            moneta_fold(t.name) AS name_key
          FROM transactions t, span
          WHERE t.user_id = ${userId} AND t.account_id = ${accountId}
            AND t.added_on BETWEEN span.low AND span.high
        )
        SELECT r.position, l.id AS transaction_id
        FROM keyed r
        JOIN ledger l ON l.cost_cents = r.amount_cents AND l.is_income = r.is_income
          AND l.added_on BETWEEN r.date - 2 AND r.date + 2
          AND (l.name_key = r.name_key OR l.name_key = r.renamed_key)
          AND (r.bank_id IS NULL OR l.bank_id IS NULL)
        ORDER BY abs(r.date - l.added_on), r.position, l.added_on, l.created_at, l.id`);
        // Read as they come: a re-import's 100,000 candidates are not copied into another array.
        const pairs = pairOneToOne(
          (function* candidates() {
            for (const rows of [byBankId.rows, byPayee.rows]) {
              for (const row of rows)
                yield { position: row.position, transactionId: row.transaction_id };
            }
          })(),
        );
        await db.execute(sql`
        WITH marked AS (
          SELECT r.position, m.id
          FROM import_rows r
          LEFT JOIN unnest(
            ${param([...pairs.keys()])}::int[], ${param([...pairs.values()])}::uuid[]
          ) AS m(position, id) ON m.position = r.position
          WHERE r.import_id = ${importId} AND r.position >= ${firstRow} AND r.status <> 'problem'
        )
        UPDATE import_rows AS t
        SET status = CASE WHEN marked.id IS NULL THEN 'new' ELSE 'duplicate' END,
          duplicate_of = marked.id
        FROM marked
        WHERE t.import_id = ${importId} AND t.position = marked.position
          AND t.duplicate_of IS DISTINCT FROM marked.id`);
      });
    },

    /**
     * Runs `work` (statements over this import's rows, such as the commit's) with hash joins
     * rather than nested loops: see markDuplicates.
     */
    withHashJoins<T>(work: () => Promise<T>): Promise<T> {
      return withoutNestedLoops(db, work);
    },

    async countByStatus(scope: ImportRowsScope): Promise<StatusCounts> {
      const result = await db.execute<{ status: ImportRowStatus; count: number }>(sql`
        SELECT status, count(*)::int AS count FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
        GROUP BY status`);
      const counts: StatusCounts = { new: 0, duplicate: 0, problem: 0 };
      for (const row of result.rows) counts[row.status] = row.count;
      return counts;
    },

    /**
     * The category pipeline's decisions (rule → history → default) for the distinct texts of
     * `keys`, a query of (name_key, note_key, is_income). Worked out when rows are shown or
     * committed, never stored: a rule added after the upload counts.
     */
    async decide(userId: string, keys: SQL): Promise<CategoryDecisions> {
      const result = await db.execute<{
        name_key: string;
        note_key: string;
        is_income: boolean;
        category: string;
        source: CategoryDecision['source'];
        rename: string | null;
      }>(categoryPipeline(userId, keys));
      const decisions = new CategoryDecisions();
      for (const row of result.rows) {
        decisions.add(row.name_key, row.note_key, row.is_income, {
          category: row.category,
          source: row.source,
          rename: row.rename,
        });
      }
      return decisions;
    },

    /** A page of rows in file order, optionally of one status, with their categories. */
    async page(
      userId: string,
      scope: ImportRowsScope,
      options: { status?: ImportRowStatus | undefined; limit: number; offset: number },
    ): Promise<ImportRowView[]> {
      const status = options.status ? sql`AND status = ${options.status}` : sql``;
      const { rows } = await db.execute<StoredRow>(sql`
        SELECT ${storedColumns(userId)} FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow} ${status}
        ORDER BY position LIMIT ${options.limit} OFFSET ${options.offset}`);
      const kinds = rows.filter((row) => row.is_income !== null);
      const decisions = await this.decide(
        userId,
        sql`SELECT DISTINCT * FROM unnest(
          ${param(kinds.map((row) => row.name_key))}::text[],
          ${param(kinds.map((row) => row.note_key))}::text[],
          ${param(kinds.map((row) => row.is_income))}::boolean[]
        ) AS keys(name_key, note_key, is_income)`,
      );
      return rows.map((row) => {
        const decided = decisions.apply(categorisable(row));
        return {
          position: row.position,
          cells: row.cells,
          date: row.date,
          name: decided.name,
          amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
          isIncome: row.is_income,
          category: decided.category,
          categorySource: decided.categorySource,
          note: row.note,
          status: row.status,
          duplicateOf: row.duplicate_of,
          problem: row.problem,
        };
      });
    },

    /**
     * The decisions for every row the commit creates, worked out once before the first
     * transaction is written (so that the import's own rows never count as history).
     */
    async decideForCommit(userId: string, scope: ImportRowsScope): Promise<CategoryDecisions> {
      return this.decide(
        userId,
        sql`SELECT DISTINCT coalesce(payee_key, '') AS name_key, ${noteKey(userId)} AS note_key,
            ${KIND} AS is_income
          FROM import_rows
          WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
            AND ${selectedForCommit}`,
      );
    },

    /**
     * The rows the commit creates, as a source query for the transactions writer (see
     * TransactionSource): new rows the user did not leave out and duplicates the user
     * included, never problem rows (they lack a date or an amount), with their names and
     * categories decided (`decisions`, from decideForCommit), in file order. The rows stay in
     * PostgreSQL: nothing is read into Node.
     */
    commitSource(
      userId: string,
      target: { accountId: string; importId: string; firstRow: number },
      decisions: CategoryDecisions,
    ): TransactionSource {
      return {
        columns: {
          userId: sql`${userId}::uuid`,
          accountId: sql`${target.accountId}::uuid`,
          importId: sql`${target.importId}::uuid`,
          name: appliedInSql.name,
          category: appliedInSql.category,
          costCents: sql`r.amount_cents`,
          addedOn: sql`r.date`,
          isIncome: sql`r.is_income`,
          note: sql`r.note`,
          bankId: sql`r.bank_id`,
        },
        ordinal: sql`r.position`,
        from: sql`
        FROM (
          SELECT position, name, date, amount_cents, ${KIND} AS is_income, note, bank_id,
            file_category, category_choice, coalesce(payee_key, '') AS name_key,
            ${noteKey(userId)} AS note_key
          FROM import_rows
          WHERE import_id = ${target.importId} AND position >= ${target.firstRow}
            AND ${selectedForCommit}
        ) AS r
        LEFT JOIN ${decisions.asTable()} ON decided.name_key = r.name_key
          AND decided.note_key = r.note_key AND decided.is_income = r.is_income`,
      };
    },

    /** What the commit leaves out, by reason. */
    async skipped(scope: ImportRowsScope): Promise<{
      duplicates: number;
      problems: number;
      excluded: number;
    }> {
      const result = await db.execute<{ duplicates: number; problems: number; excluded: number }>(
        sql`
        SELECT count(*) FILTER (WHERE status = 'duplicate' AND include IS NOT TRUE)::int
            AS duplicates,
          count(*) FILTER (WHERE status = 'problem')::int AS problems,
          count(*) FILTER (WHERE status = 'new' AND include IS FALSE)::int AS excluded
        FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}`,
      );
      return result.rows[0]!;
    },
  };
}

/**
 * Runs `work` with nested loops disabled for the rest of the transaction's statements, then
 * back to the default. Right after a bulk insert the statistics may say the import is tiny,
 * and a nested loop over two large sides never finishes.
 */
async function withoutNestedLoops<T>(db: Executor, work: () => Promise<T>): Promise<T> {
  await db.execute(sql`SET LOCAL enable_nestloop = off`);
  const result = await work();
  await db.execute(sql`SET LOCAL enable_nestloop TO DEFAULT`);
  return result;
}

const selectedForCommit: SQL = sql.raw(
  "((status = 'new' AND include IS NOT FALSE) OR (status = 'duplicate' AND include IS TRUE))",
);

export type ImportRowsRepository = ReturnType<typeof createImportRowsRepository>;
