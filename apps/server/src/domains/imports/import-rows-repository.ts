import type { ImportRowStatus } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { ImportRowSplit } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';
import type { ImportRowsScope, ImportRowView, RowChoice, StatusCounts } from './import-row-types';
import { decideCategories, KIND, noteKey, param, withoutNestedLoops } from './import-rows-sql';
import type { ReadRow } from './reading/read-row';

// Named here too, as the tolerance was known before the classification policy had a module.
export { CROSS_CURRENCY_TOLERANCE } from '../transfers/leg-amounts';

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
  duplicate_of_transfer: string | null;
  transfer_account_id: string | null;
  match_of: string | null;
  problem: string | null;
  bank_id: string | null;
  statement: number;
  match_row: number | null;
  splits: ImportRowSplit[] | null;
  name_key: string;
  note_key: string;
};

/** The columns of a StoredRow. */
const storedColumns = (householdId: HouseholdId) => sql`
  position, cells, date, name, amount_cents, ${KIND} AS is_income, note, file_category,
  category_choice, status, duplicate_of, duplicate_of_transfer, transfer_account_id, match_of,
  problem, bank_id, statement, match_row, splits,
  coalesce(payee_key, '') AS name_key, ${noteKey(householdId)} AS note_key`;

const categorisable = (row: StoredRow) => ({
  name: row.name,
  nameKey: row.name_key,
  noteKey: row.note_key,
  isIncome: row.is_income,
  fileCategory: row.file_category,
  categoryChoice: row.category_choice,
});

/**
/**
 * The SQL over an import's stored rows: storing what was read (set-based, one statement per
 * batch, never a query per row), the user's choices, counts, and pages of rows with their
 * categories. Classification is classification-repository.ts; the commit's reads are
 * import-commit-repository.ts.
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
    ${param(rows.map((row) => row.counterparty))}::text[],
    ${param(rows.map((row) => row.problem))}::text[],
    ${param(rows.map((row) => row.statement))}::smallint[],
    ${param(rows.map((row) => row.transferChoice ?? null))}::boolean[],
    ${param(rows.map((row) => (row.splits ? JSON.stringify(row.splits) : null)))}::text[]`;
  const readAlias = sql.raw(
    'r(position, cells, date, name, amount_cents, is_income, note, file_category, bank_id, counterparty, problem, statement, transfer_choice, splits)',
  );
  /** A row without a problem is new until duplicate detection says otherwise. */
  const statusOf = sql.raw(
    "CASE WHEN r.problem IS NULL AND r.date IS NOT NULL AND r.amount_cents IS NOT NULL THEN 'new' ELSE 'problem' END",
  );

  return {
    /** Stores records of the household's import as read, in one statement per batch. */
    async insert(
      { householdId, importId }: { householdId: HouseholdId; importId: string },
      rows: ReadRow[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        INSERT INTO import_rows (household_id, import_id, position, cells, date, name,
          amount_cents, is_income, note, file_category, bank_id, counterparty, problem, payee_key,
          status, statement, transfer_choice, splits)
        SELECT ${householdId}::uuid, ${importId}::uuid, r.position, r.cells::jsonb, r.date, r.name, r.amount_cents,
          r.is_income, r.note, r.file_category, r.bank_id, r.counterparty, r.problem,
          moneta_fold(r.name), ${statusOf}, r.statement, r.transfer_choice, r.splits::jsonb
        FROM unnest(${readColumns(rows)}) AS ${readAlias}`);
    },

    /** Replaces what was read from records (a new mapping), by position. */
    async reread(importId: string, rows: ReadRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        UPDATE import_rows AS t
        SET date = r.date, name = r.name, amount_cents = r.amount_cents,
          is_income = r.is_income, note = r.note, file_category = r.file_category,
          counterparty = r.counterparty, problem = r.problem, payee_key = moneta_fold(r.name),
          splits = r.splits::jsonb,
          status = ${statusOf}, duplicate_of = NULL, duplicate_of_transfer = NULL,
          transfer_account_id = NULL, match_of = NULL, match_row = NULL
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
    async saveChoices(
      scope: ImportRowsScope,
      choices: RowChoice[],
    ): Promise<{ positions: Set<number>; recategorisedSplits: number[] }> {
      if (choices.length === 0) return { positions: new Set(), recategorisedSplits: [] };
      const result = await db.execute<{ position: number; is_recategorised_split: boolean }>(sql`
        UPDATE import_rows AS t
        SET include = c.include, category_choice = c.category, is_income_choice = c.is_income,
          -- A row whose transfer is not named keeps what the file said (an app's export).
          transfer_choice = coalesce(c.transfer, t.transfer_choice),
          transfer_account_choice = CASE WHEN c.transfer IS NULL THEN t.transfer_account_choice
            ELSE c.transfer_account END
        FROM unnest(
          ${param(choices.map((choice) => choice.position))}::int[],
          ${param(choices.map((choice) => choice.include))}::boolean[],
          ${param(choices.map((choice) => choice.category))}::text[],
          ${param(choices.map((choice) => choice.isIncome))}::boolean[],
          ${param(choices.map((choice) => (choice.transferAccountId === undefined ? null : choice.transferAccountId !== null)))}::boolean[],
          ${param(choices.map((choice) => choice.transferAccountId ?? null))}::uuid[]
        ) AS c(position, include, category, is_income, transfer, transfer_account)
        WHERE t.import_id = ${scope.importId} AND t.position = c.position
          AND t.position >= ${scope.firstRow}
        RETURNING t.position, (t.splits IS NOT NULL AND c.category IS NOT NULL
          AND c.category IS DISTINCT FROM t.file_category) AS is_recategorised_split`);
      return {
        positions: new Set(result.rows.map((row) => row.position)),
        recategorisedSplits: result.rows
          .filter((row) => row.is_recategorised_split)
          .map((row) => row.position),
      };
    },

    /**
     * Runs `work` (statements over this import's rows, such as the commit's) with hash joins
     * rather than nested loops (withoutNestedLoops says why).
     */
    withHashJoins<T>(work: () => Promise<T>): Promise<T> {
      return withoutNestedLoops(db, work);
    },

    /** Rows by status, and the pairs of transfer rows within the file (one transfer each). */
    async countByStatus(scope: ImportRowsScope): Promise<StatusCounts & { transferPairs: number }> {
      const result = await db.execute<{
        status: ImportRowStatus;
        count: number;
        pairs: number;
      }>(sql`
        SELECT status, count(*)::int AS count,
          count(*) FILTER (WHERE match_row IS NOT NULL AND NOT ${KIND})::int AS pairs
        FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
        GROUP BY status`);
      const counts = { new: 0, duplicate: 0, problem: 0, transfer: 0, transferPairs: 0 };
      for (const row of result.rows) {
        counts[row.status] = row.count;
        counts.transferPairs += row.pairs;
      }
      return counts;
    },

    /** A page of rows in file order, optionally of one status, with their categories. */
    async page(
      scope: ImportRowsScope,
      options: { status?: ImportRowStatus | undefined; limit: number; offset: number },
    ): Promise<ImportRowView[]> {
      const status = options.status ? sql`AND status = ${options.status}` : sql``;
      const { rows } = await db.execute<StoredRow>(sql`
        SELECT ${storedColumns(scope.householdId)} FROM import_rows
        WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow} ${status}
        ORDER BY position LIMIT ${options.limit} OFFSET ${options.offset}`);
      const kinds = rows.filter((row) => row.is_income !== null);
      const decisions = await decideCategories(
        db,
        scope.householdId,
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
          duplicateOfTransfer: row.duplicate_of_transfer,
          transferAccountId: row.transfer_account_id,
          matchOf: row.match_of,
          problem: row.problem,
          statement: row.statement,
          matchRow: row.match_row,
          splits: row.splits,
        };
      });
    },
  };
}

export type ImportRowsRepository = ReturnType<typeof createImportRowsRepository>;
