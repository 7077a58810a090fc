import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { exchangeRateAt } from '../../db/exchange-rate-sql';
import { ruleRenames, ruleTransfers } from '../rules/rule-matching';
import type { ImportRowsScope, RowClass, StatementScope } from './import-row-types';
import { KIND, noteKey, param, selectedKeys, withoutNestedLoops } from './import-rows-sql';
import { otherLegCandidates, type OtherLegCandidate } from './other-leg-candidates';

/** A candidate pairing of an import row with an existing row's id (a transaction, a transfer). */
export type CandidatePair = {
  position: number;
  id: string;
};

/** A row that something names a transfer: the user's choice, a counterparty or a rule. */
export type NamedTransfer = {
  position: number;
  account_id: string | null;
  choice: boolean | null;
};

/** An expense row of one statement and an income row of another that may be one transfer. */
export type StatementPairCandidate = {
  out_position: number;
  out_account: string | null;
  in_position: number;
  in_account: string | null;
};

/** The rows a statement classifies: readable rows of the import's statement. */
const readable = (scope: StatementScope) => sql`import_id = ${scope.importId}
  AND position >= ${scope.firstRow} AND status <> 'problem' AND statement = ${scope.statement}`;

/** Where an import's bank ids come from: its bank connection, else '' for files. */
const idSource = (alias: string) => sql`coalesce(${sql.raw(alias)}.connection_id::text, '')`;

/**
 * Rows and transactions of the account with the same bank id: the n-th row with an id against
 * the n-th transaction with it.
 */
const bankIdCandidates = (scope: StatementScope) => sql`
  WITH file AS (
    SELECT position, bank_id,
      row_number() OVER (PARTITION BY bank_id ORDER BY position) AS nth
    FROM import_rows WHERE ${readable(scope)} AND bank_id IS NOT NULL
  ),
  ledger AS (
    SELECT id, bank_id,
      row_number() OVER (PARTITION BY bank_id ORDER BY added_on, created_at, id) AS nth
    FROM transactions
    WHERE household_id = ${scope.householdId} AND account_id = ${scope.accountId}
      AND bank_id IN (SELECT bank_id FROM file)
  )
  SELECT f.position, l.id
  FROM file f JOIN ledger l ON l.bank_id = f.bank_id AND l.nth = f.nth`;

/**
 * Transactions of the account of the same kind and amount, within `days`, with the row's folded
 * payee (the file's name or the name a rule gives it), unless both have bank ids from the same
 * source; ranked closest date first. A source is a bank connection, or files: two ids from one
 * source that differ name two transactions, but a file's id (an OFX FITID) and a provider's
 * name the same transaction in two numberings, so they say nothing either way.
 */
function payeeCandidates(scope: StatementScope, days: number) {
  const { householdId, accountId } = scope;
  return sql`
    WITH selected AS MATERIALIZED (
      SELECT position, date, amount_cents, ${KIND} AS is_income, bank_id,
        coalesce(payee_key, '') AS name_key, ${noteKey(scope.householdId)} AS note_key
      FROM import_rows WHERE ${readable(scope)}
    ),
    renamed AS MATERIALIZED (${ruleRenames(scope.householdId, selectedKeys)}),
    keyed AS (
      SELECT s.*, moneta_fold(n.rename) AS renamed_key
      FROM selected s
      LEFT JOIN renamed n ON n.name_key = s.name_key AND n.note_key = s.note_key
        AND n.is_income = s.is_income
    ),
    span AS (SELECT min(date) - ${days}::int AS low, max(date) + ${days}::int AS high
      FROM selected),
    ledger AS MATERIALIZED (
      SELECT t.id, t.added_on, t.cost_cents, t.is_income, t.bank_id, t.created_at,
        moneta_fold(t.name) AS name_key, ${idSource('i')} AS id_source
      FROM transactions t CROSS JOIN span
      LEFT JOIN imports i ON i.id = t.import_id AND t.bank_id IS NOT NULL
      WHERE t.household_id = ${householdId} AND t.account_id = ${accountId}
        AND t.added_on BETWEEN span.low AND span.high
    ),
    own AS (SELECT ${idSource('i')} AS id_source FROM imports i WHERE i.id = ${scope.importId})
    SELECT r.position, l.id, row_number() OVER (
      ORDER BY abs(r.date - l.added_on), r.position, l.added_on, l.created_at, l.id) AS rank
    FROM keyed r CROSS JOIN own
    JOIN ledger l ON l.cost_cents = r.amount_cents AND l.is_income = r.is_income
      AND l.added_on BETWEEN r.date - ${days}::int AND r.date + ${days}::int
      AND (l.name_key = r.name_key OR l.name_key = r.renamed_key)
      AND (r.bank_id IS NULL OR l.bank_id IS NULL OR l.id_source <> own.id_source)`;
}

/**
 * The SQL of classification (classification-policy.ts decides): the candidates of each rule,
 * read set-based over a statement's rows (never a query per row), and the classes written back.
 * Every window and tolerance comes from the caller. The lookups run as hash joins (nested loops
 * are ruled out: right after a bulk insert the statistics may say the import is tiny, and a
 * nested loop over two large sides never finishes).
 */
export function createClassificationRepository(db: Executor) {
  return {
    withHashJoins<T>(work: () => Promise<T>): Promise<T> {
      return withoutNestedLoops(db, work);
    },

    /**
     * The candidate pairs of the statement's rows with the transactions of the account they
     * may duplicate, ranked best first, into a temporary table (a re-import's 100,000 never
     * come to Node): by bank id (the n-th row with an id against the n-th transaction with
     * it), then by kind, amount, a date within `days` and the folded payee, closest date first.
     * The tables stay until dropDuplicatePairs; the pairs of pairDuplicateRound and
     * addDuplicatePairs (`duplicate_pairs`) serve legDuplicates, duplicatesAmong and writeClasses.
     */
    async collectDuplicateCandidates(scope: StatementScope, days: number): Promise<void> {
      await db.execute(sql`CREATE TEMPORARY TABLE duplicate_candidates
        (rule int NOT NULL, rank bigint NOT NULL, position int NOT NULL, id uuid NOT NULL)
        ON COMMIT DROP`);
      await db.execute(sql`CREATE TEMPORARY TABLE duplicate_pairs
        (position int PRIMARY KEY, id uuid NOT NULL) ON COMMIT DROP`);
      // Bank ids pair one row with one transaction: their order among themselves is moot.
      await db.execute(sql`INSERT INTO duplicate_candidates (rule, rank, position, id)
        SELECT 0, 0, position, id FROM (${bankIdCandidates(scope)}) AS candidate`);
      await db.execute(sql`INSERT INTO duplicate_candidates (rule, rank, position, id)
        SELECT 1, rank, position, id FROM (${payeeCandidates(scope, days)}) AS candidate`);
    },

    /**
     * Pairs every candidate left that comes first for both its row and its transaction, and
     * drops the candidates of what it paired. Answers how many it paired.
     */
    async pairDuplicateRound(): Promise<number> {
      const taken = await db.execute(sql`
        INSERT INTO duplicate_pairs (position, id)
        SELECT position, id FROM (
          SELECT position, id,
            row_number() OVER (PARTITION BY position ORDER BY rule, rank) AS row_rank,
            row_number() OVER (PARTITION BY id ORDER BY rule, rank) AS id_rank
          FROM duplicate_candidates
        ) AS candidate
        WHERE row_rank = 1 AND id_rank = 1`);
      if (!taken.rowCount) return 0;
      await db.execute(sql`DELETE FROM duplicate_candidates c
        USING duplicate_pairs p WHERE c.position = p.position`);
      await db.execute(sql`DELETE FROM duplicate_candidates c
        USING duplicate_pairs p WHERE c.id = p.id`);
      return taken.rowCount;
    },

    /** The candidates no round has paired or dropped, best first. */
    async remainingDuplicateCandidates(): Promise<CandidatePair[]> {
      const result = await db.execute<CandidatePair>(sql`
        SELECT position, id FROM duplicate_candidates ORDER BY rule, rank`);
      return result.rows;
    },

    /** Adds pairs (position → transaction id) to those of the rounds. */
    async addDuplicatePairs(pairs: Map<number, string>): Promise<void> {
      if (pairs.size === 0) return;
      await db.execute(sql`INSERT INTO duplicate_pairs (position, id)
        SELECT * FROM unnest(${param([...pairs.keys()])}::int[], ${param([...pairs.values()])}::uuid[])`);
    },

    /** The duplicate pairs among the rows at `positions`. */
    async duplicatesAmong(positions: number[]): Promise<CandidatePair[]> {
      if (positions.length === 0) return [];
      const result = await db.execute<CandidatePair>(sql`
        SELECT position, id FROM duplicate_pairs WHERE position = ANY(${param(positions)}::int[])`);
      return result.rows;
    },

    /** Drops collectDuplicateCandidates' tables, for the next statement of the file. */
    async dropDuplicatePairs(): Promise<void> {
      await db.execute(sql`DROP TABLE duplicate_candidates, duplicate_pairs`);
    },

    /**
     * Transfer legs already on the account of the row's direction and amount, with its bank id
     * or (one side without) within `days`, for the rows not paired with a transaction; same bank id first, then closest date.
     */
    async legDuplicates(scope: StatementScope, days: number): Promise<CandidatePair[]> {
      const { householdId, accountId } = scope;
      const result = await db.execute<CandidatePair>(sql`
        WITH selected AS MATERIALIZED (
          SELECT position, date, amount_cents, ${KIND} AS is_income, bank_id
          FROM import_rows WHERE ${readable(scope)}
        ),
        span AS (SELECT min(date) - ${days}::int AS low, max(date) + ${days}::int AS high
          FROM selected),
        leg AS MATERIALIZED (
          SELECT t.id, t.date AS day, false AS is_income, t.amount_cents, t.from_bank_id AS bank_id,
            t.created_at
          FROM transfers t, span
          WHERE t.household_id = ${householdId} AND t.from_account_id = ${accountId}
            AND t.date BETWEEN span.low AND span.high
          UNION ALL
          -- The leg in, as its account books it: in that account's currency (docs/currencies.md).
          SELECT t.id, coalesce(t.to_date, t.date), true, coalesce(t.to_amount_cents, t.amount_cents),
            t.to_bank_id, t.created_at
          FROM transfers t, span
          WHERE t.household_id = ${householdId} AND t.to_account_id = ${accountId}
            AND coalesce(t.to_date, t.date) BETWEEN span.low AND span.high
        )
        SELECT r.position, l.id
        FROM selected r
        JOIN leg l ON l.amount_cents = r.amount_cents AND l.is_income = r.is_income
          AND (r.bank_id = l.bank_id OR ((r.bank_id IS NULL OR l.bank_id IS NULL)
            AND l.day BETWEEN r.date - ${days}::int AND r.date + ${days}::int))
        WHERE NOT EXISTS (SELECT FROM duplicate_pairs d WHERE d.position = r.position)
        ORDER BY r.bank_id IS NOT NULL AND r.bank_id = l.bank_id DESC, abs(r.date - l.day),
          r.position, l.created_at, l.id`);
      return result.rows;
    },

    /**
     * Rows something names a transfer, with the account named: the user's choice (which wins),
     * else the counterparty an identifier of another account of the user's carries, else the
     * first rule's account when it is another one.
     */
    async namedTransfers(scope: StatementScope): Promise<NamedTransfer[]> {
      const { householdId, accountId } = scope;
      const result = await db.execute<NamedTransfer>(sql`
        WITH selected AS MATERIALIZED (
          SELECT position, ${KIND} AS is_income, counterparty, transfer_choice,
            transfer_account_choice, coalesce(payee_key, '') AS name_key,
            ${noteKey(scope.householdId)} AS note_key
          FROM import_rows WHERE ${readable(scope)}
        ),
        ruled AS MATERIALIZED (${ruleTransfers(scope.householdId, selectedKeys)}),
        identified AS MATERIALIZED (
          SELECT DISTINCT ON (identifier) identifier, id
          FROM accounts, unnest(identifiers) AS identifier
          WHERE household_id = ${householdId} AND id <> ${accountId}
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
      return result.rows;
    },

    /** Transactions of the household's other accounts that may be a row's other leg, within `days`. */
    otherLegs(
      scope: StatementScope,
      currency: string | null,
      days: number,
    ): Promise<OtherLegCandidate[]> {
      const { householdId, accountId } = scope;
      return otherLegCandidates(
        db,
        householdId,
        accountId,
        readable(scope),
        // The rows' currency: the statement's as the file says, else its account's, else (an
        // account the commit creates) the household's base currency.
        sql`coalesce(${currency}::text,
          (SELECT currency FROM accounts WHERE id = ${accountId}),
          (SELECT base_currency FROM households WHERE id = ${scope.householdId}))`,
        KIND,
        days,
      );
    },

    /**
     * Writes the statement's classes (`classes`, else the row's pair in `duplicate_pairs`;
     * every other readable row is `new`), only to the rows whose class changed, and clears
     * every row's pair within the file.
     */
    async writeClasses(scope: StatementScope, classes: Map<number, RowClass>): Promise<void> {
      const { importId, firstRow, statement } = scope;
      const positions = [...classes.keys()];
      const found = [...classes.values()];
      await db.execute(sql`
        WITH classed AS (
          SELECT r.position,
            CASE WHEN c.position IS NOT NULL THEN c.status
              WHEN d.position IS NOT NULL THEN 'duplicate' ELSE 'new' END AS status,
            CASE WHEN c.position IS NOT NULL THEN c.duplicate_of ELSE d.id END AS duplicate_of,
            c.duplicate_of_transfer, c.transfer_account_id, c.match_of
          FROM import_rows r
          LEFT JOIN duplicate_pairs d ON d.position = r.position
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
    },

    /**
     * Expense rows of one statement and income rows of another (`accounts`, `currencies` by
     * statement) that may be one transfer's legs: `new` rows, or `transfer` rows without a
     * recorded leg whose account is the other statement's, not marked "not a transfer", never
     * two statements of one account, within `days`; amounts equal in one currency, else within
     * `tolerance` at the sending day's rate (or both rows named transfers). Closest date first,
     * then closest amount.
     */
    async statementPairCandidates(
      userId: string,
      scope: ImportRowsScope,
      statements: { accounts: Array<string | null>; currencies: Array<string | null> },
      limits: { days: number; tolerance: number },
    ): Promise<StatementPairCandidate[]> {
      const { importId, firstRow } = scope;
      const { accounts, currencies } = statements;
      const { days, tolerance } = limits;
      const result = await db.execute<StatementPairCandidate>(sql`
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
          LEFT JOIN LATERAL ${exchangeRateAt(scope.householdId, sql`d.from_currency`, sql`d.to_currency`, sql`d.date`)} AS r
            ON true
        ),
        pair AS (
          SELECT o.position AS out_position, o.account_id AS out_account,
            i.position AS in_position, i.account_id AS in_account, abs(o.date - i.date) AS days,
            0::numeric AS gap
          FROM candidate o
          JOIN candidate i ON i.amount_cents = o.amount_cents AND NOT o.is_income AND i.is_income
            AND i.statement <> o.statement
            AND i.date BETWEEN o.date - ${days}::int AND o.date + ${days}::int
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
            AND i.date BETWEEN o.date - ${days}::int AND o.date + ${days}::int
            AND (o.account_id IS NULL OR i.account_id IS NULL OR o.account_id <> i.account_id)
            AND (o.status = 'new' OR o.transfer_account_id = i.account_id)
            AND (i.status = 'new' OR i.transfer_account_id = o.account_id)
          JOIN rate x ON x.from_currency = o.currency AND x.to_currency = i.currency
            AND x.date = o.date
          WHERE abs(o.amount_cents * x.rate - i.amount_cents)
              <= ${tolerance}::numeric * i.amount_cents
            OR (o.status = 'transfer' AND i.status = 'transfer')
        )
        SELECT out_position, out_account, in_position, in_account FROM pair
        ORDER BY days, gap, out_position, in_position`);
      return result.rows;
    },

    /** Makes each row of `legs` a transfer paired with its other leg in the file (`other`). */
    async writeStatementPairs(
      importId: string,
      legs: Array<{ position: number; other: number; accountId: string | null }>,
    ): Promise<void> {
      await db.execute(sql`
        UPDATE import_rows AS t
        SET status = 'transfer', transfer_account_id = p.account_id, match_row = p.other,
          match_of = NULL, duplicate_of = NULL, duplicate_of_transfer = NULL
        FROM unnest(
          ${param(legs.map((leg) => leg.position))}::int[],
          ${param(legs.map((leg) => leg.other))}::int[],
          ${param(legs.map((leg) => leg.accountId))}::uuid[]
        ) AS p(position, other, account_id)
        WHERE t.import_id = ${importId} AND t.position = p.position`);
    },
  };
}

export type ClassificationRepository = ReturnType<typeof createClassificationRepository>;
