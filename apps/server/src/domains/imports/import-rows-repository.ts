import type { CategorySource, ImportRowStatus } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import type { ImportRowSplit } from '../../db/schema';
import { exchangeRateAt } from '../../db/exchange-rate-sql';
import type { TransactionSource } from '../transactions/transactions-repository';
import type { ImportedTransferRow } from '../transfers/imported-transfer-row';
import { categoryPipeline, hasNoteRules, ruleRenames, ruleTransfers } from '../rules/rule-matching';
import { appliedInSql, CategoryDecisions, type CategoryDecision } from './category-decisions';
import { pairOneToOne } from './one-to-one';
import { ambiguousOtherLegs, otherLegCandidates, type AmbiguousLeg } from './other-leg-candidates';
import { CROSS_CURRENCY_TOLERANCE } from '../transfers/leg-amounts';
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
  duplicateOfTransfer: string | null;
  transferAccountId: string | null;
  matchOf: string | null;
  problem: string | null;
  statement: number;
  matchRow: number | null;
  /** A split transaction's parts, as an app's export gives them; null for any other row. */
  splits: ImportRowSplit[] | null;
}

/** What the user chose for a row at commit. */
export interface RowChoice {
  position: number;
  include: boolean | null;
  category: string | null;
  isIncome: boolean | null;
  /** undefined: no choice; null: not a transfer; an id: a transfer to or from that account. */
  transferAccountId: string | null | undefined;
}

/** A transfer row the commit records (as the transfers service takes it), by its position. */
export type TransferRowToCommit = ImportedTransferRow & { position: number };

/**
 * The account each statement of an import goes to, by statement key; null for one the commit
 * will create (docs/imports-multi-account.md).
 */
export type StatementAccounts = Array<string | null>;

/** What analysis found for a row that is not simply new. */
interface RowClass {
  status: 'duplicate' | 'transfer';
  duplicateOf: string | null;
  duplicateOfTransfer: string | null;
  transferAccountId: string | null;
  matchOf: string | null;
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

export { CROSS_CURRENCY_TOLERANCE };

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
const storedColumns = (userId: string) => sql`
  position, cells, date, name, amount_cents, ${KIND} AS is_income, note, file_category,
  category_choice, status, duplicate_of, duplicate_of_transfer, transfer_account_id, match_of,
  problem, bank_id, statement, match_row, splits,
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
    /** Stores records as read, in one statement per batch. */
    async insert(importId: string, rows: ReadRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.execute(sql`
        INSERT INTO import_rows (import_id, position, cells, date, name, amount_cents, is_income,
          note, file_category, bank_id, counterparty, problem, payee_key, status, statement,
          transfer_choice, splits)
        SELECT ${importId}::uuid, r.position, r.cells::jsonb, r.date, r.name, r.amount_cents,
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
     * Classifies every readable row of the import (docs/architecture.md, Imports; docs/transfers.md)
     * and writes only the rows whose class changed:
     * - `duplicate` of a transaction already in the account, one to one: first by the bank's id
     *   (the n-th row with an id against the n-th transaction with it), then by kind, amount, date
     *   within two days and the same folded payee (the file's name or the name a rule gives it),
     *   closest date first. A row and a transaction that both have bank ids, different ones, are
     *   never the same;
     * - else `duplicate` of a transfer's leg already on the account (same direction and amount, the
     *   same bank id or a date within two days), one to one;
     * - else `transfer`: the user chose so, or the row's counterparty is an identifier of another
     *   of the user's accounts, or the first rule matching it names an account; or another
     *   account holds a transaction of the opposite direction, an amount that agrees (the same in
     *   one currency, at the day's rate between two: otherLegCandidates) and a date within three
     *   days (`matchOf`, one to one, closest date first, in the named account when one is named).
     *   A row the user marked as not a transfer stays new.
     * Returns the rows the user made transfers to an account holding several possible other legs
     * (the commit asks which rather than guessing).
     * The lookups are hash joins over the whole import (nested loops are ruled out: right after
     * a bulk insert the statistics may say the import is tiny, and a nested loop over two large
     * sides never finishes). In a multi-account file, each statement is classified against its
     * own account (`statement`); pairAcrossStatements then pairs the legs within the file.
     */
    async classify(
      userId: string,
      accountId: string,
      scope: ImportRowsScope,
      statement: number,
      currency: string | null,
    ): Promise<AmbiguousLeg[]> {
      const { importId, firstRow } = scope;
      const readable = sql`import_id = ${importId} AND position >= ${firstRow}
        AND status <> 'problem' AND statement = ${statement}`;
      const classes = new Map<number, RowClass>();
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
        const duplicates = pairOneToOne(
          (function* candidates() {
            for (const rows of [byBankId.rows, byPayee.rows]) {
              for (const row of rows) yield { position: row.position, id: row.transaction_id };
            }
          })(),
        );
        for (const [position, transactionId] of duplicates) {
          classes.set(position, {
            status: 'duplicate',
            duplicateOf: transactionId,
            duplicateOfTransfer: null,
            transferAccountId: null,
            matchOf: null,
          });
        }

        const legs = await db.execute<{ position: number; transfer_id: string }>(sql`
        WITH selected AS MATERIALIZED (
          SELECT position, date, amount_cents, ${KIND} AS is_income, bank_id
          FROM import_rows WHERE ${readable}
        ),
        span AS (SELECT min(date) - 2 AS low, max(date) + 2 AS high FROM selected),
        leg AS MATERIALIZED (
          SELECT t.id, t.date AS day, false AS is_income, t.amount_cents, t.from_bank_id AS bank_id,
            t.created_at
          FROM transfers t, span
          WHERE t.user_id = ${userId} AND t.from_account_id = ${accountId}
            AND t.date BETWEEN span.low AND span.high
          UNION ALL
          -- The leg in, as its account books it: in that account's currency (docs/currencies.md).
          SELECT t.id, coalesce(t.to_date, t.date), true, coalesce(t.to_amount_cents, t.amount_cents),
            t.to_bank_id, t.created_at
          FROM transfers t, span
          WHERE t.user_id = ${userId} AND t.to_account_id = ${accountId}
            AND coalesce(t.to_date, t.date) BETWEEN span.low AND span.high
        )
        SELECT r.position, l.id AS transfer_id
        FROM selected r
        JOIN leg l ON l.amount_cents = r.amount_cents AND l.is_income = r.is_income
          AND (r.bank_id = l.bank_id OR ((r.bank_id IS NULL OR l.bank_id IS NULL)
            AND l.day BETWEEN r.date - 2 AND r.date + 2))
        ORDER BY r.bank_id IS NOT NULL AND r.bank_id = l.bank_id DESC, abs(r.date - l.day),
          r.position, l.created_at, l.id`);
        const legDuplicates = pairOneToOne(
          legs.rows
            .filter((row) => !classes.has(row.position))
            .map((row) => ({ position: row.position, id: row.transfer_id })),
        );
        for (const [position, transferId] of legDuplicates) {
          classes.set(position, {
            status: 'duplicate',
            duplicateOf: null,
            duplicateOfTransfer: transferId,
            transferAccountId: null,
            matchOf: null,
          });
        }
      });

      const { named, others } = await withoutNestedLoops(db, async () => {
        const named = await db.execute<{
          position: number;
          account_id: string | null;
          choice: boolean | null;
        }>(sql`
        WITH selected AS MATERIALIZED (
          SELECT position, ${KIND} AS is_income, counterparty, transfer_choice,
            transfer_account_choice, coalesce(payee_key, '') AS name_key,
            ${noteKey(userId)} AS note_key
          FROM import_rows WHERE ${readable}
        ),
        ruled AS MATERIALIZED (${ruleTransfers(userId, selectedKeys)}),
        identified AS MATERIALIZED (
          SELECT DISTINCT ON (identifier) identifier, id
          FROM accounts, unnest(identifiers) AS identifier
          WHERE user_id = ${userId} AND id <> ${accountId}
          ORDER BY identifier, is_archived, created_at, id
        )
        SELECT s.position, s.transfer_choice AS choice,
          CASE WHEN s.transfer_choice THEN s.transfer_account_choice
            ELSE coalesce(i.id, nullif(ru.transfer_account_id, ${accountId}::uuid)) END
            AS account_id
        FROM selected s
        LEFT JOIN identified i ON i.identifier = s.counterparty
        LEFT JOIN ruled ru ON ru.name_key = s.name_key AND ru.note_key = s.note_key
          AND ru.is_income = s.is_income
        WHERE s.transfer_choice IS NOT NULL OR i.id IS NOT NULL
          OR (ru.transfer_account_id IS NOT NULL AND ru.transfer_account_id <> ${accountId})`);
        const others = await otherLegCandidates(
          db,
          userId,
          accountId,
          readable,
          // The rows' currency: the statement's as the file says, else its account's, else (an
          // account the commit creates) the user's base currency.
          sql`coalesce(${currency}::text,
            (SELECT currency FROM accounts WHERE id = ${accountId}),
            (SELECT default_currency FROM users WHERE id = ${userId}))`,
          KIND,
        );
        return { named, others };
      });
      const designated = new Map<number, string | null>();
      for (const row of named.rows) {
        if (!classes.has(row.position))
          designated.set(row.position, row.choice === false ? null : row.account_id);
      }
      const notTransfers = new Set(
        named.rows.filter((row) => row.choice === false).map((row) => row.position),
      );
      const accountOf = new Map(others.map((row) => [row.transaction_id, row.account_id]));
      const matches = pairOneToOne(
        others
          .filter((row) => {
            if (classes.has(row.position) || notTransfers.has(row.position)) return false;
            const account = designated.get(row.position);
            return !account || account === row.account_id;
          })
          .map((row) => ({ position: row.position, id: row.transaction_id })),
      );
      const chosen = new Map<number, string>();
      for (const row of named.rows) {
        if (row.choice === true && row.account_id) chosen.set(row.position, row.account_id);
      }
      const ambiguous = ambiguousOtherLegs(others, chosen, matches);
      for (const [position, account] of designated) {
        if (account && !matches.has(position)) {
          classes.set(position, {
            status: 'transfer',
            duplicateOf: null,
            duplicateOfTransfer: null,
            transferAccountId: account,
            matchOf: null,
          });
        }
      }
      for (const [position, transactionId] of matches) {
        classes.set(position, {
          status: 'transfer',
          duplicateOf: null,
          duplicateOfTransfer: null,
          transferAccountId: accountOf.get(transactionId)!,
          matchOf: transactionId,
        });
      }

      const positions = [...classes.keys()];
      const found = [...classes.values()];
      await db.execute(sql`
        WITH classed AS (
          SELECT r.position, coalesce(c.status, 'new') AS status, c.duplicate_of,
            c.duplicate_of_transfer, c.transfer_account_id, c.match_of
          FROM import_rows r
          LEFT JOIN unnest(
            ${param(positions)}::int[],
            ${param(found.map((row) => row.status))}::text[],
            ${param(found.map((row) => row.duplicateOf))}::uuid[],
            ${param(found.map((row) => row.duplicateOfTransfer))}::uuid[],
            ${param(found.map((row) => row.transferAccountId))}::uuid[],
            ${param(found.map((row) => row.matchOf))}::uuid[]
          ) AS c(position, status, duplicate_of, duplicate_of_transfer, transfer_account_id,
            match_of) ON c.position = r.position
          WHERE r.import_id = ${importId} AND r.position >= ${firstRow} AND r.status <> 'problem'
            AND r.statement = ${statement}
        )
        UPDATE import_rows AS t
        SET status = classed.status, duplicate_of = classed.duplicate_of,
          duplicate_of_transfer = classed.duplicate_of_transfer,
          transfer_account_id = classed.transfer_account_id, match_of = classed.match_of,
          match_row = NULL
        FROM classed
        WHERE t.import_id = ${importId} AND t.position = classed.position
          AND (t.status, t.duplicate_of, t.duplicate_of_transfer, t.transfer_account_id, t.match_of,
              t.match_row)
            IS DISTINCT FROM (classed.status, classed.duplicate_of, classed.duplicate_of_transfer,
              classed.transfer_account_id, classed.match_of, NULL::int)`);
      return ambiguous;
    },

    /**
     * The transfers within a multi-account file (docs/imports-multi-account.md): an expense row
     * of one statement and an income row of another, of the same amount within three days, are
     * the two legs of one transfer (the −X in the checking block and the +X in the card block).
     * Rows that classify left `new`, or a `transfer` to that other statement's account without a
     * recorded leg, and the user did not mark as not a transfer, are paired one to one, closest
     * date first; both become `transfer` with `matchRow` naming the other. Two statements going
     * to one account are never paired (money does not move within an account). Between two
     * statements of different currencies the amounts cannot be equal: the amount sent, converted
     * at its day's rate (as every conversion: that day's, else up to 7 days earlier) into the
     * other currency, must be within CROSS_CURRENCY_TOLERANCE of the amount received — closest
     * date first, then closest amount. Without a rate for the day nothing is paired by amount;
     * two rows that a counterparty or rule made transfers to each other's account are paired
     * still (closest date first). The transfer keeps both amounts. Run after classify, which
     * clears every row's pair.
     */
    async pairAcrossStatements(
      userId: string,
      scope: ImportRowsScope,
      accounts: StatementAccounts,
      currencies: Array<string | null>,
    ): Promise<void> {
      if (accounts.length < 2) return;
      const { importId, firstRow } = scope;
      const candidates = await withoutNestedLoops(db, () =>
        db.execute<{
          out_position: number;
          out_account: string | null;
          in_position: number;
          in_account: string | null;
        }>(sql`
        WITH account AS (
          SELECT * FROM unnest(
            ${param(accounts.map((_, key) => key))}::int[], ${param(accounts)}::uuid[],
            ${param(currencies)}::text[]
          ) AS a(statement, account_id, currency)
        ),
        candidate AS MATERIALIZED (
          SELECT r.position, r.statement, r.date, r.amount_cents, ${KIND} AS is_income, r.status,
            r.transfer_account_id, a.account_id, a.currency
          FROM import_rows r JOIN account a ON a.statement = r.statement
          WHERE r.import_id = ${importId} AND r.position >= ${firstRow}
            AND (r.status = 'new' OR (r.status = 'transfer' AND r.match_of IS NULL))
            AND r.transfer_choice IS NOT FALSE
        ),
        rate AS MATERIALIZED (
          -- The rate of each day an amount leaves in one currency and may arrive in another,
          -- looked up once per currency pair and day.
          SELECT d.from_currency, d.to_currency, d.date, r.rate
          FROM (
            SELECT DISTINCT o.currency AS from_currency, i.currency AS to_currency, o.date
            FROM candidate o
            JOIN (SELECT DISTINCT currency FROM candidate WHERE is_income) i
              ON i.currency <> o.currency
            WHERE NOT o.is_income
          ) AS d
          LEFT JOIN LATERAL ${exchangeRateAt(userId, sql`d.from_currency`, sql`d.to_currency`, sql`d.date`)} AS r
            ON true
        ),
        pair AS (
          SELECT o.position AS out_position, o.account_id AS out_account,
            i.position AS in_position, i.account_id AS in_account, abs(o.date - i.date) AS days,
            0::numeric AS gap
          FROM candidate o
          JOIN candidate i ON i.amount_cents = o.amount_cents AND NOT o.is_income AND i.is_income
            AND i.statement <> o.statement
            AND i.date BETWEEN o.date - 3 AND o.date + 3
            AND (o.account_id IS NULL OR i.account_id IS NULL OR o.account_id <> i.account_id)
            AND (o.currency IS NULL OR i.currency IS NULL OR o.currency = i.currency)
            AND (o.status = 'new' OR o.transfer_account_id = i.account_id)
            AND (i.status = 'new' OR i.transfer_account_id = o.account_id)
          UNION ALL
          SELECT o.position, o.account_id, i.position, i.account_id, abs(o.date - i.date),
            coalesce(abs(o.amount_cents * x.rate - i.amount_cents) / i.amount_cents, 1)
          FROM candidate o
          JOIN candidate i ON NOT o.is_income AND i.is_income AND i.statement <> o.statement
            AND i.currency <> o.currency
            AND i.date BETWEEN o.date - 3 AND o.date + 3
            AND (o.account_id IS NULL OR i.account_id IS NULL OR o.account_id <> i.account_id)
            AND (o.status = 'new' OR o.transfer_account_id = i.account_id)
            AND (i.status = 'new' OR i.transfer_account_id = o.account_id)
          JOIN rate x ON x.from_currency = o.currency AND x.to_currency = i.currency
            AND x.date = o.date
          WHERE abs(o.amount_cents * x.rate - i.amount_cents)
              <= ${CROSS_CURRENCY_TOLERANCE}::numeric * i.amount_cents
            OR (o.status = 'transfer' AND i.status = 'transfer')
        )
        SELECT out_position, out_account, in_position, in_account FROM pair
        ORDER BY days, gap, out_position, in_position`),
      );
      const accountAt = new Map<number, string | null>();
      for (const row of candidates.rows) {
        accountAt.set(row.out_position, row.out_account);
        accountAt.set(row.in_position, row.in_account);
      }
      const pairs = pairOneToOne(
        candidates.rows.map((row) => ({ position: row.out_position, id: String(row.in_position) })),
      );
      if (pairs.size === 0) return;
      const legs: Array<{ position: number; other: number }> = [];
      for (const [out, into] of pairs) {
        legs.push({ position: out, other: Number(into) }, { position: Number(into), other: out });
      }
      await db.execute(sql`
        UPDATE import_rows AS t
        SET status = 'transfer', transfer_account_id = p.account_id, match_row = p.other,
          match_of = NULL, duplicate_of = NULL, duplicate_of_transfer = NULL
        FROM unnest(
          ${param(legs.map((leg) => leg.position))}::int[],
          ${param(legs.map((leg) => leg.other))}::int[],
          ${param(legs.map((leg) => accountAt.get(leg.other) ?? null))}::uuid[]
        ) AS p(position, other, account_id)
        WHERE t.import_id = ${importId} AND t.position = p.position`);
    },

    /**
     * Runs `work` (statements over this import's rows, such as the commit's) with hash joins
     * rather than nested loops: see markDuplicates.
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
      target: {
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
          userId: sql`${userId}::uuid`,
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
            ${noteKey(userId)} AS note_key, statement
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
