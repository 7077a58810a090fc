import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { imports } from './imports';
import { receipts } from './receipts';
import { recurringRules } from './recurring';
import { householdId, households } from './households';
import { users } from './users';

/**
 * Income and expenses. Only the transactions service writes them (one writer), and every write
 * sets off triggers (docs/database.md), all defined in src/db/derived:
 * - before each inserted row without an account: transactions_default_account puts it in its
 *   household's default account (default-account.ts);
 * - after every insert, update and delete statement, in name order:
 *   account_balances_transactions_* (account-balances.ts),
 *   account_daily_movements_* (account-daily-movements.ts),
 *   transaction_daily_totals_* (transaction-daily-totals.ts),
 *   transaction_search_counts_* (transaction-search-counts.ts) and
 *   transaction_totals_* (transaction-totals.ts), each keeping its derived table exact, and
 *   transactions_data_version_* (data-versions.ts), a new version of the household's data.
 * A new column goes through every insert path by itself (transactions-repository.ts); the
 * steps for adding one are in docs/database.md.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Who made it; null for rows the system made (recurring, bank sync) or a departed user. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    /** Integer minor units (cents); the API speaks decimals. */
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    addedOn: date('added_on', { mode: 'string' }).notNull(),
    isIncome: boolean('is_income').notNull(),
    note: text('note'),
    /** The rule that made this transaction; deleting the rule keeps its transactions. */
    recurringId: uuid('recurring_id').references((): AnyPgColumn => recurringRules.id, {
      onDelete: 'set null',
    }),
    receiptId: uuid('receipt_id').references((): AnyPgColumn => receipts.id, {
      onDelete: 'set null',
    }),
    accountId: uuid('account_id').notNull(),
    /** The bank-file import that created it; undoing the import deletes it. */
    importId: uuid('import_id').references((): AnyPgColumn => imports.id, {
      onDelete: 'set null',
    }),
    /** The bank's own id of an imported transaction (OFX FITID, CAMT entry reference). */
    bankId: text('bank_id'),
    /**
     * Authorised at the bank, not yet booked (a bank sync's pending row): shown, counted in no
     * kept total, budget or report, and replaced by its booked version (docs/bank-sync.md).
     */
    isPending: boolean('is_pending').notNull().default(false),
    /**
     * The ISO code of `cost_cents`. Written without one, the row takes its account's (the
     * transactions_default_account trigger, src/db/derived/default-account.ts).
     */
    currency: text('currency').notNull(),
    /**
     * What the bank charged in `base_cost_currency` (the user's base currency when it was
     * given), for an amount in another currency: while that is still the base currency it is
     * the row's base amount (rate source `manual`); otherwise the day's rate converts `cost_cents`.
     */
    baseCostCents: bigint('base_cost_cents', { mode: 'number' }),
    baseCostCurrency: text('base_cost_currency'),
    // Millisecond precision, like a JS Date, so that a row's timestamp survives a round trip
    // exactly (the export's keyset cursor compares it).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * Lower-cased name, category and note for case-insensitive search, separated by a unit
     * separator so that a search term can never match across two fields.
     */
    /**
     * Its tags as first written (0–10, unique ignoring case); filtered through the GIN index on
     * moneta_tag_keys(tags), made by migration 0027 after the function.
     */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || chr(31) || category || chr(31) || coalesce(note, ''))`,
    ),
  },
  (table) => [
    foreignKey({
      name: 'transactions_account_fk',
      columns: [table.householdId, table.accountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }),
    // One account's transactions in list order: its register, the account filter, the key.
    index('transactions_account_list_idx').on(
      table.accountId,
      table.addedOn.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The list's ORDER BY exactly (plain DESC means NULLS FIRST): newest date, then creation.
    // The columns after the unique id do not change the order; they let a search or a type
    // filter test each entry in the index itself (an index-only scan) instead of fetching its
    // row. Drizzle has no INCLUDE, and trailing keys do the same here. search_text stays well
    // under the 2,704-byte entry limit: the fields' length limits allow at most ~2,000 bytes.
    index('transactions_household_list_idx').on(
      table.householdId,
      table.addedOn.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.isIncome,
      table.category,
      table.searchText,
    ),
    index('transactions_household_category_idx').on(table.householdId, table.category),
    // The search operator category:… matches without regard to case; with this index its count
    // reads the category's rows instead of all of the household's.
    index('transactions_household_category_key_idx').on(
      table.householdId,
      sql`lower(${table.category})`,
    ),
    // Charts and date-range counts: every column they read is in the index, so a window of
    // days is an index-only scan instead of one heap fetch per transaction.
    index('transactions_household_day_idx').on(
      table.householdId,
      table.addedOn,
      table.isIncome,
      table.category,
      table.costCents,
    ),
    // A budget's spending: one user's expenses in one category within one month (user-led
    // until budgets name their household).
    index('transactions_user_expense_category_idx')
      .on(table.userId, table.category, table.addedOn)
      .where(sql`NOT ${table.isIncome}`),
    // A rule's occurrence exists at most once, whatever runs the engine (idempotence).
    uniqueIndex('transactions_recurring_occurrence_key')
      .on(table.recurringId, table.addedOn)
      .where(sql`${table.recurringId} IS NOT NULL`),
    // Undoing an import; and the foreign key, when an import goes with its account.
    index('transactions_import_idx')
      .on(table.importId)
      .where(sql`${table.importId} IS NOT NULL`),
    // An imported row's bank id against the account's transactions (duplicates,
    // docs/architecture.md, Imports).
    index('transactions_account_bank_id_idx')
      .on(table.accountId, table.bankId)
      .where(sql`${table.bankId} IS NOT NULL`),
    // (transactions_user_payee_idx, on moneta_fold(name), is made by migration 0012 after the
    // function it calls: the history lookups of the category pipeline; user-led until rules
    // name their household.)
    // One household's substring search without scanning its rows (pg_trgm + btree_gin).
    index('transactions_household_search_idx').using(
      'gin',
      table.householdId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
    check('transactions_cost_positive', sql`${table.costCents} > 0`),
    check('transactions_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check(
      'transactions_base_cost',
      sql`(${table.baseCostCents} IS NULL) = (${table.baseCostCurrency} IS NULL) AND ${table.baseCostCents} > 0`,
    ),
    // Rows in other currencies than the base, which every converted total reads one by one
    // (the kept totals hold the base-currency rows): two ranges of this index around the base
    // currency, and every column those totals read, the id (their split parts' key) included,
    // so that no row is fetched: a heap visit per row was a quarter of a total's time.
    index('transactions_household_currency_idx').on(
      table.householdId,
      table.currency,
      table.addedOn,
      table.isIncome,
      table.category,
      table.costCents,
      table.baseCostCents,
      table.baseCostCurrency,
      table.accountId,
      table.isPending,
      table.id,
    ),
    // An account's rows in another currency than its own, which its balance converts on read:
    // two ranges of this index around the account's currency, empty for most accounts.
    index('transactions_account_currency_idx').on(table.accountId, table.currency),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * The parts of a split transaction (docs/api.md, Transaction): 2–50 per split transaction, each in
 * its own category, in the transaction's direction and currency, summing exactly to its
 * `cost_cents` (the transactions service checks this; one writer). An unsplit transaction has no
 * rows here, so the plain list never reads this table. The transaction's own `category` is its
 * largest part's, so a reader that ignores splits still shows a sensible one. Every write fires
 * transaction_splits_* (transaction-splits.ts: the kept totals follow the parts) and
 * transaction_splits_data_version_* (data-versions.ts).
 */
export const transactionSplits = pgTable(
  'transaction_splits',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /**
     * No foreign key: deleting a transaction deletes its parts through the statement-level
     * trigger transactions_splits_delete (src/db/derived/transaction-splits.ts), which fires
     * after the totals' triggers have read them; a key's cascade would remove them first.
     */
    transactionId: uuid('transaction_id').notNull(),
    /** 0-based order of the part as the user entered it. */
    position: smallint('position').notNull(),
    category: text('category').notNull(),
    /** Integer minor units of the transaction's currency, like `cost_cents`. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    note: text('note'),
  },
  (table) => [
    // A transaction's parts in order; also the key the totals' triggers join on.
    uniqueIndex('transaction_splits_transaction_position_key').on(
      table.transactionId,
      table.position,
    ),
    // A category's rename or merge, and the category filter, find the parts of one category.
    index('transaction_splits_household_category_idx').on(table.householdId, table.category),
    check('transaction_splits_amount_positive', sql`${table.amountCents} > 0`),
    check('transaction_splits_position', sql`${table.position} BETWEEN 0 AND 49`),
  ],
);

/**
 * Deleted transactions, kept 30 days so that a delete can be undone (docs/api.md, Trash): each
 * row as the transactions repository's `take` returned it. Out of `transactions`, a deleted row
 * is in no list, total or balance without any read having to skip it.
 */
export const deletedTransactions = pgTable(
  'deleted_transactions',
  {
    /** The transaction's own id: restoring puts it back under it. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    row: jsonb('row').$type<Record<string, unknown> & { id: string }>().notNull(),
  },
  (table) => [
    index('deleted_transactions_household_idx').on(
      table.householdId,
      table.deletedAt.desc().nullsFirst(),
    ),
    // The purge finds expired rows of every user.
    index('deleted_transactions_deleted_at_idx').on(table.deletedAt),
  ],
);

export type DeletedTransactionRow = typeof deletedTransactions.$inferSelect;

/**
 * Running count and sum of each household's transactions per kind and category. Derived: only the
 * database writes it, through the statement-level triggers on transactions kept in
 * src/db/derived/transaction-totals.ts. Totals, the summary and the page count of an
 * unfiltered or type/category-filtered list read a few rows here instead of counting a household's
 * whole history on every request.
 */
export const transactionTotals = pgTable(
  'transaction_totals',
  {
    householdId: uuid('household_id')
      .notNull()
      .references((): AnyPgColumn => households.id, { onDelete: 'cascade' }),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
    sumCents: bigint('sum_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.isIncome, table.category] })],
);

/**
 * How many of a household's transactions share each search text (and kind and category).
 * Derived: only the database writes it, through the statement-level triggers on transactions
 * and households kept in src/db/derived/transaction-search-counts.ts. People who type
 * transactions have
 * far fewer distinct texts than transactions (the same shops, the same notes), so the page
 * count of a search sums a few hundred rows here instead of rechecking every matching
 * transaction. (Imported bank rows whose notes are references differ one from another: for
 * them it holds one row per transaction.)
 */
export const transactionSearchCounts = pgTable(
  'transaction_search_counts',
  {
    // No foreign key: PostgreSQL checked one for every row the counts trigger inserted (a
    // bank file whose notes all differ makes one row per transaction), and the household is a
    // transaction's, checked by its own key. A statement trigger on households deletes a
    // deleted household's counts, as a key's cascade would
    // (src/db/derived/transaction-search-counts.ts).
    householdId: uuid('household_id').notNull(),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    /** md5 of search_text: the key stays small however long (and multi-byte) the text is. */
    searchHash: text('search_hash').notNull(),
    searchText: text('search_text').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    // A search's count reads the household's rows through this key, testing each text: no trigram
    // index. One cost a bank file's 100,000 different texts 2–2.7 s at commit (one more GIN
    // entry per row) and saved a count only milliseconds once the file was in (migration 0014,
    // docs/decisions.md).
    primaryKey({
      columns: [table.householdId, table.isIncome, table.category, table.searchHash],
    }),
  ],
);

/**
 * Count and sum of each household's transactions per day, kind and category. Derived: only the
 * database writes it, through the statement-level triggers on transactions kept in
 * src/db/derived/transaction-daily-totals.ts. The charts read a window of days here: a
 * few rows per day instead of every transaction of the window.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    householdId: uuid('household_id')
      .notNull()
      .references((): AnyPgColumn => households.id, { onDelete: 'cascade' }),
    addedOn: date('added_on', { mode: 'string' }).notNull(),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
    sumCents: bigint('sum_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.householdId, table.addedOn, table.isIncome, table.category],
    }),
  ],
);
