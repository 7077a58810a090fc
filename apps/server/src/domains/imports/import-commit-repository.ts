import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import type { TransactionSource } from '../transactions/transactions-repository';
import { appliedInSql, type CategoryDecisions } from './category-decisions';
import type { ImportRowsScope, TransferRowToCommit } from './import-row-types';
import { decideCategories, KIND, noteKey, param, selectedForCommit } from './import-rows-sql';

/**
 * The SQL of an import's commit over its rows: the category decisions for the rows it creates,
 * those rows as a source query for the transactions writer, the transfers it records, and what
 * it leaves out.
 */
export function createImportCommitRepository(db: Executor) {
  return {
    /**
     * The decisions for every row the commit creates, worked out once before the first
     * transaction is written (so that the import's own rows never count as history).
     */
    async decideForCommit(scope: ImportRowsScope): Promise<CategoryDecisions> {
      return decideCategories(
        db,
        scope.householdId,
        sql`SELECT DISTINCT coalesce(payee_key, '') AS name_key,
            ${noteKey(scope.householdId)} AS note_key,
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
      target: {
        householdId: HouseholdId;
        /** Who the rows are by: the import's maker. */
        createdBy: string | null;
        accounts: string[];
        /** Each statement's currency as its file says (null: its account's). */
        currencies: Array<string | null>;
        importId: string;
        firstRow: number;
        /** Some row is split (hasSplits): the parts go with the rows. */
        hasSplits: boolean;
      },
      decisions: CategoryDecisions,
    ): TransactionSource {
      return {
        columns: {
          householdId: sql`${target.householdId}::uuid`,
          userId: sql`${userId}::uuid`,
          // The import's maker (null: a bank connection's sync, made by the system).
          createdBy: sql`${target.createdBy}::uuid`,
          updatedBy: sql`${target.createdBy}::uuid`,
          accountId: sql`a.account_id`,
          // Each row in its file's currency, else its account's (none asks the database's
          // default trigger for it, row by row).
          currency: sql`coalesce(a.currency, acc.currency)`,
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
        // Only then: the writer reads the source again for the parts, a cost a bank file (which
        // has no splits) must not pay.
        ...(target.hasSplits && { splits: sql`r.splits` }),
        from: sql`
        FROM (
          SELECT position, name, date, amount_cents, ${KIND} AS is_income, note, bank_id,
            file_category, category_choice, splits, coalesce(payee_key, '') AS name_key,
            ${noteKey(target.householdId)} AS note_key, statement
          FROM import_rows
          WHERE import_id = ${target.importId} AND position >= ${target.firstRow}
            AND ${selectedForCommit}
        ) AS r
        JOIN unnest(
          ${param(target.accounts.map((_, key) => key))}::int[],
          ${param(target.accounts)}::uuid[],
          ${param(target.currencies)}::text[]
        ) AS a(statement, account_id, currency) ON a.statement = r.statement
        JOIN accounts AS acc ON acc.id = a.account_id
        LEFT JOIN ${decisions.asTable()} ON decided.name_key = r.name_key
          AND decided.note_key = r.note_key AND decided.is_income = r.is_income`,
      };
    },

    /**
     * The transfer rows the commit records (those the user did not leave out), in file order,
     * each from its statement's account (`accounts`). Two rows of the file that are one
     * transfer's legs (`match_row`) are recorded once, from the expense row, with the income
     * row as its other leg; when the user left one of them out, the other is recorded alone.
     */
    async transfersToCommit(
      scope: ImportRowsScope,
      accounts: string[],
    ): Promise<TransferRowToCommit[]> {
      const result = await db.execute<{
        position: number;
        date: string;
        amount_cents: string | number;
        is_income: boolean;
        name: string;
        note: string | null;
        bank_id: string | null;
        transfer_account_id: string;
        match_of: string | null;
        statement: number;
        other_date: string | null;
        other_bank_id: string | null;
        other_amount_cents: string | number | null;
      }>(sql`
        SELECT r.position, r.date::text AS date, r.amount_cents,
          coalesce(r.is_income_choice, r.is_income) AS is_income, r.name, r.note, r.bank_id,
          r.transfer_account_id, r.match_of, r.statement, m.date::text AS other_date,
          m.bank_id AS other_bank_id, m.amount_cents AS other_amount_cents
        FROM import_rows r
        LEFT JOIN import_rows m ON m.import_id = r.import_id AND m.position = r.match_row
          AND m.status = 'transfer' AND m.include IS NOT FALSE
        WHERE r.import_id = ${scope.importId} AND r.position >= ${scope.firstRow}
          AND r.status = 'transfer' AND r.include IS NOT FALSE
          AND NOT (r.match_row IS NOT NULL AND m.position IS NOT NULL
            AND coalesce(r.is_income_choice, r.is_income))
        ORDER BY r.position`);
      return result.rows.map((row) => ({
        position: row.position,
        accountId: accounts[row.statement]!,
        date: row.date,
        amountCents: Number(row.amount_cents),
        isIncome: row.is_income,
        name: row.name,
        note: row.note,
        bankId: row.bank_id,
        transferAccountId: row.transfer_account_id,
        matchOf: row.match_of,
        otherLeg:
          row.other_date === null
            ? null
            : {
                date: row.other_date,
                bankId: row.other_bank_id,
                amountCents: Number(row.other_amount_cents),
              },
      }));
    },

    /** True when a row of the import is split (an app's export, docs/imports-other-apps.md). */
    async hasSplits(scope: ImportRowsScope): Promise<boolean> {
      const result = await db.execute<{ found: boolean }>(sql`
        SELECT EXISTS (SELECT 1 FROM import_rows
          WHERE import_id = ${scope.importId} AND position >= ${scope.firstRow}
            AND splits IS NOT NULL) AS found`);
      return result.rows[0]?.found === true;
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
