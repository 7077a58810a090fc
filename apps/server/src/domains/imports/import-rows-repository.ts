import type { CategorySource, ImportRowStatus } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { categoryPipeline, hasNoteRules } from '../rules/rule-matching';
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

/** A row the commit turns into a transaction. */
export interface RowToCommit {
  position: number;
  date: string;
  name: string;
  amountCents: number;
  isIncome: boolean;
  category: string;
  note: string | null;
  bankId: string | null;
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
     * Gives every readable row its category — the user's choice, else the file's own, else the
     * category pipeline (rule → history → default) — and its name after a rule's rename. The
     * pipeline runs once per distinct (payee, note, kind), not once per row.
     */
    async categorise(userId: string, scope: ImportRowsScope): Promise<void> {
      const keys = sql`SELECT DISTINCT name_key, note_key, is_income FROM scoped`;
      await db.execute(sql`
        WITH scoped AS (
          SELECT position, name, file_category, category_choice, ${KIND} AS is_income,
            coalesce(payee_key, '') AS name_key,
            CASE WHEN ${hasNoteRules(userId)} THEN coalesce(moneta_fold(note), '') ELSE '' END
              AS note_key
          FROM import_rows
          WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
            AND ${KIND} IS NOT NULL
        ),
        decided AS (${categoryPipeline(userId, keys)}),
        answers AS (
          SELECT s.position,
            coalesce(s.category_choice, s.file_category, d.category) AS category,
            CASE WHEN s.category_choice IS NOT NULL THEN 'user'
                 WHEN s.file_category IS NOT NULL THEN 'file' ELSE d.source END AS source,
            coalesce(d.rename, s.name) AS final_name
          FROM scoped s
          JOIN decided d ON d.name_key = s.name_key AND d.note_key = s.note_key
            AND d.is_income = s.is_income
        )
        UPDATE import_rows AS t
        SET category = a.category, category_source = a.source, final_name = a.final_name
        FROM answers a
        WHERE t.import_id = ${scope.importId} AND t.position = a.position
          AND (t.category, t.category_source, t.final_name)
            IS DISTINCT FROM (a.category, a.source, a.final_name)`);
    },

    /**
     * Marks the rows that are already in the account (DESIGN §5.2), one to one: first by the
     * bank's id (the n-th row with an id against the n-th transaction with it), then, for the
     * rest, by kind, amount, date within two days and the same folded payee (the file's name
     * or the name a rule gives it), closest date first. A row and a transaction that both have
     * bank ids, different ones, are never the same.
     */
    async markDuplicates(userId: string, accountId: string, scope: ImportRowsScope): Promise<void> {
      const { importId, firstRow } = scope;
      await db.execute(sql`
        UPDATE import_rows SET status = 'new', duplicate_of = NULL
        WHERE import_id = ${importId} AND position >= ${firstRow} AND status = 'duplicate'`);
      await db.execute(sql`
        WITH file AS (
          SELECT position, bank_id,
            row_number() OVER (PARTITION BY bank_id ORDER BY position) AS nth
          FROM import_rows
          WHERE import_id = ${importId} AND position >= ${firstRow} AND status = 'new'
            AND bank_id IS NOT NULL
        ),
        ledger AS (
          SELECT id, bank_id,
            row_number() OVER (PARTITION BY bank_id ORDER BY added_on, created_at, id) AS nth
          FROM transactions
          WHERE user_id = ${userId} AND account_id = ${accountId}
            AND bank_id IN (SELECT bank_id FROM file)
        )
        UPDATE import_rows AS t SET status = 'duplicate', duplicate_of = l.id
        FROM file f JOIN ledger l ON l.bank_id = f.bank_id AND l.nth = f.nth
        WHERE t.import_id = ${importId} AND t.position = f.position`);

      const candidates = await db.execute<{ position: number; transaction_id: string }>(sql`
        WITH rows AS (
          SELECT position, date, amount_cents, ${KIND} AS is_income, payee_key,
            moneta_fold(final_name) AS renamed_key, bank_id
          FROM import_rows
          WHERE import_id = ${importId} AND position >= ${firstRow} AND status = 'new'
        ),
        span AS (SELECT min(date) - 2 AS low, max(date) + 2 AS high FROM rows),
        ledger AS (
          SELECT t.id, t.added_on, t.cost_cents, t.is_income, t.bank_id, t.created_at,
            moneta_fold(t.name) AS name_key
          FROM transactions t, span
          WHERE t.user_id = ${userId} AND t.account_id = ${accountId}
            AND t.added_on BETWEEN span.low AND span.high
            AND t.id NOT IN (
              SELECT duplicate_of FROM import_rows
              WHERE import_id = ${importId} AND duplicate_of IS NOT NULL
            )
        )
        SELECT r.position, l.id AS transaction_id
        FROM rows r
        JOIN ledger l ON l.cost_cents = r.amount_cents AND l.is_income = r.is_income
          AND l.added_on BETWEEN r.date - 2 AND r.date + 2
          AND (l.name_key = r.payee_key OR l.name_key = r.renamed_key)
          AND (r.bank_id IS NULL OR l.bank_id IS NULL)
        ORDER BY abs(r.date - l.added_on), r.position, l.added_on, l.created_at, l.id`);
      const pairs = pairOneToOne(
        candidates.rows.map((row) => ({
          position: row.position,
          transactionId: row.transaction_id,
        })),
      );
      if (pairs.size === 0) return;
      await db.execute(sql`
        UPDATE import_rows AS t SET status = 'duplicate', duplicate_of = m.id
        FROM unnest(${param([...pairs.keys()])}::int[], ${param([...pairs.values()])}::uuid[])
          AS m(position, id)
        WHERE t.import_id = ${importId} AND t.position = m.position`);
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

    /** A page of rows in file order, optionally of one status. */
    async page(
      scope: ImportRowsScope,
      options: { status?: ImportRowStatus | undefined; limit: number; offset: number },
    ): Promise<ImportRowView[]> {
      const status = options.status ? sql`AND status = ${options.status}` : sql``;
      const result = await db.execute<{
        position: number;
        cells: string[] | null;
        date: string | null;
        name: string;
        amount_cents: number | null;
        is_income: boolean | null;
        category: string | null;
        category_source: CategorySource | null;
        note: string | null;
        status: ImportRowStatus;
        duplicate_of: string | null;
        problem: string | null;
      }>(sql`
        SELECT position, cells, date, coalesce(final_name, name) AS name, amount_cents,
          ${KIND} AS is_income, category, category_source, note, status, duplicate_of, problem
        FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow} ${status}
        ORDER BY position LIMIT ${options.limit} OFFSET ${options.offset}`);
      return result.rows.map((row) => ({
        position: row.position,
        cells: row.cells,
        date: row.date,
        name: row.name,
        amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
        isIncome: row.is_income,
        category: row.category,
        categorySource: row.category_source,
        note: row.note,
        status: row.status,
        duplicateOf: row.duplicate_of,
        problem: row.problem,
      }));
    },

    /**
     * The next rows to create after `after`, in file order: new rows the user did not leave
     * out, and duplicates the user included. Problem rows never (they lack a date or amount).
     */
    async toCommit(
      scope: ImportRowsScope,
      range: { after: number; limit: number },
    ): Promise<RowToCommit[]> {
      const result = await db.execute<{
        position: number;
        date: string;
        name: string;
        amount_cents: number;
        is_income: boolean;
        category: string;
        note: string | null;
        bank_id: string | null;
      }>(sql`
        SELECT position, date, coalesce(final_name, name) AS name, amount_cents,
          ${KIND} AS is_income, category, note, bank_id
        FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
          AND position > ${range.after} AND ${selectedForCommit}
        ORDER BY position LIMIT ${range.limit}`);
      return result.rows.map((row) => ({
        position: row.position,
        date: row.date,
        name: row.name,
        amountCents: Number(row.amount_cents),
        isIncome: row.is_income,
        category: row.category,
        note: row.note,
        bankId: row.bank_id,
      }));
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

const selectedForCommit: SQL = sql.raw(
  "((status = 'new' AND include IS NOT FALSE) OR (status = 'duplicate' AND include IS TRUE))",
);

export type ImportRowsRepository = ReturnType<typeof createImportRowsRepository>;
