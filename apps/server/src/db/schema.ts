import {
  ACCOUNT_TYPES,
  FREQUENCIES,
  IMPORT_FORMATS,
  IMPORT_ROW_STATUSES,
  RULE_FIELDS,
  RULE_OPERATORS,
  type ImportMapping,
  type ReceiptMimeType,
  type ImportStatement,
} from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every table that holds a user's data references users.id with ON DELETE CASCADE, so deleting
 * an account removes everything of theirs in one statement (docs/api.md, General rules, DELETE
 * /users/account).
 *
 * Watched by a trigger: deleting users fires transaction_search_counts_users_delete, which
 * deletes their search counts (that table has no foreign key to cascade). Defined in
 * src/db/derived/transaction-search-counts.ts (docs/database.md).
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isSetupComplete: boolean('is_setup_complete').notNull().default(false),
    defaultCurrency: text('default_currency').notNull().default('USD'),
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The interface language and number/date formats (BCP 47, one of SUPPORTED_LOCALES). */
    locale: text('locale').notNull().default('en-US'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Where money is kept: a checking or savings account, a credit card, cash (docs/architecture.md,
 * Accounts). Every user has at least one; the balance is the opening balance plus what
 * account_balances keeps. Every write fires accounts_data_version_* (data-versions.ts).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ACCOUNT_TYPES }).notNull(),
    openingBalanceCents: bigint('opening_balance_cents', { mode: 'number' }).notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    /**
     * How banks name this account (IBANs, account numbers, an OFX ACCTID), stored without
     * spaces and in capitals so that a file's identifier finds its account whatever its spacing.
     */
    identifiers: text('identifiers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The ISO code of the money it holds: its opening balance and balance are in it. The
     * accounts service gives every new account one (the user's base currency by default).
     */
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // Names are unique per user ignoring case ("Cash" and "cash" are one account).
    uniqueIndex('accounts_user_name_key').on(table.userId, sql`lower(${table.name})`),
    // The target of the (user_id, account_id) foreign keys, which keep a user's transactions
    // and transfers in that user's own accounts whatever a caller sends.
    uniqueIndex('accounts_user_id_key').on(table.userId, table.id),
    // The default account: the oldest not archived.
    index('accounts_user_order_idx').on(table.userId, table.isArchived, table.createdAt),
    check(
      'accounts_type',
      sql`${table.type} IN ('cash', 'checking', 'savings', 'credit', 'other')`,
    ),
    check('accounts_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 50`),
    check('accounts_identifiers_count', sql`cardinality(${table.identifiers}) <= 5`),
    check('accounts_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Money moved between two of a user's accounts: neither income nor expense.
 *
 * Watched by triggers: every insert, update and delete of transfers fires
 * account_balances_transfers_insert / _update / _delete, which move both accounts' balances in
 * account_balances. Defined in src/db/derived/account-balances.ts (docs/database.md). They also
 * fire transfers_data_version_* (data-versions.ts): a new version of the user's data.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAccountId: uuid('from_account_id').notNull(),
    toAccountId: uuid('to_account_id').notNull(),
    /** What left `from_account_id`, in its currency. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * What arrived in `to_account_id`, in its currency, when the two accounts' currencies
     * differ; null: `amount_cents` (one currency).
     */
    toAmountCents: bigint('to_amount_cents', { mode: 'number' }),
    /** The day the money left `from_account_id`. */
    date: date('date', { mode: 'string' }).notNull(),
    /** The day it arrived in `to_account_id` when that differs (two bank rows); null: `date`. */
    toDate: date('to_date', { mode: 'string' }),
    note: text('note'),
    /**
     * Each leg's bank-file import and the bank's id for it, when the leg was a bank row: a
     * re-import of that file sees the leg as a duplicate, and undoing the import removes it.
     */
    fromImportId: uuid('from_import_id').references((): AnyPgColumn => imports.id, {
      onDelete: 'set null',
    }),
    toImportId: uuid('to_import_id').references((): AnyPgColumn => imports.id, {
      onDelete: 'set null',
    }),
    fromBankId: text('from_bank_id'),
    toBankId: text('to_bank_id'),
    /**
     * The transactions this transfer replaced (their rows as `to_jsonb` gave them), so that
     * undoing the import of one leg puts back the other leg's transaction as it was.
     */
    replaced: jsonb('replaced').$type<Array<Record<string, unknown>>>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'transfers_from_account_fk',
      columns: [table.userId, table.fromAccountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    foreignKey({
      name: 'transfers_to_account_fk',
      columns: [table.userId, table.toAccountId],
      foreignColumns: [accounts.userId, accounts.id],
    }),
    // A user's transfers newest first, and each account's (its register; the foreign keys).
    index('transfers_user_list_idx').on(
      table.userId,
      table.date.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
    ),
    index('transfers_from_account_idx').on(table.fromAccountId, table.date),
    index('transfers_to_account_idx').on(table.toAccountId, table.date),
    // Undoing an import finds the transfers with a leg from it.
    index('transfers_from_import_idx')
      .on(table.fromImportId)
      .where(sql`${table.fromImportId} IS NOT NULL`),
    index('transfers_to_import_idx')
      .on(table.toImportId)
      .where(sql`${table.toImportId} IS NOT NULL`),
    check('transfers_amount_positive', sql`${table.amountCents} > 0`),
    check('transfers_to_amount_positive', sql`${table.toAmountCents} > 0`),
    check('transfers_two_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;

/**
 * Each account's movement (incomes − expenses + transfers in − transfers out) and how many
 * transactions and transfers it holds: a balance is one row, not a sum over the account's
 * history. Derived: only the database writes it, through the statement-level triggers on
 * transactions and transfers kept in src/db/derived/account-balances.ts.
 */
export const accountBalances = pgTable('account_balances', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  flowCents: bigint('flow_cents', { mode: 'number' }).notNull(),
  transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  transferCount: bigint('transfer_count', { mode: 'number' }).notNull(),
});

/**
 * Income and expenses. Only the transactions service writes them (one writer), and every write
 * sets off triggers (docs/database.md), all defined in src/db/derived:
 * - before each inserted row without an account: transactions_default_account puts it in its
 *   user's default account (default-account.ts);
 * - after every insert, update and delete statement, in name order:
 *   account_balances_transactions_* (account-balances.ts),
 *   transaction_daily_totals_* (transaction-daily-totals.ts),
 *   transaction_search_counts_* (transaction-search-counts.ts) and
 *   transaction_totals_* (transaction-totals.ts), each keeping its derived table exact, and
 *   transactions_data_version_* (data-versions.ts), a new version of the user's data.
 * A new column goes through every insert path by itself (transactions-repository.ts); the
 * steps for adding one are in docs/database.md.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
      columns: [table.userId, table.accountId],
      foreignColumns: [accounts.userId, accounts.id],
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
    index('transactions_user_list_idx').on(
      table.userId,
      table.addedOn.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.isIncome,
      table.category,
      table.searchText,
    ),
    index('transactions_user_category_idx').on(table.userId, table.category),
    // The search operator category:… matches without regard to case; with this index its count
    // reads the category's rows instead of all of the user's (migration 0032).
    index('transactions_user_category_key_idx').on(table.userId, sql`lower(${table.category})`),
    // Charts and date-range counts: every column they read is in the index, so a window of
    // days is an index-only scan instead of one heap fetch per transaction.
    index('transactions_user_day_idx').on(
      table.userId,
      table.addedOn,
      table.isIncome,
      table.category,
      table.costCents,
    ),
    // A budget's spending: one user's expenses in one category within one month.
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
    // function it calls: the history lookups of the category pipeline.)
    // One user's substring search without scanning their rows (pg_trgm + btree_gin).
    index('transactions_user_search_idx').using(
      'gin',
      table.userId,
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
    // currency, and every column those totals read, so that no row is fetched.
    index('transactions_user_currency_idx').on(
      table.userId,
      table.currency,
      table.addedOn,
      table.isIncome,
      table.category,
      table.costCents,
      table.baseCostCents,
      table.baseCostCurrency,
      table.accountId,
    ),
    // An account's rows in another currency than its own, which its balance converts on read:
    // two ranges of this index around the account's currency, empty for most accounts.
    index('transactions_account_currency_idx').on(table.accountId, table.currency),
  ],
);

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    index('transaction_splits_user_category_idx').on(table.userId, table.category),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    row: jsonb('row').$type<Record<string, unknown> & { id: string }>().notNull(),
  },
  (table) => [
    index('deleted_transactions_user_idx').on(table.userId, table.deletedAt.desc().nullsFirst()),
    // The purge finds expired rows of every user.
    index('deleted_transactions_deleted_at_idx').on(table.deletedAt),
  ],
);

export type DeletedTransactionRow = typeof deletedTransactions.$inferSelect;

/** Searches a user saved by name (GET/POST /filters). */
export const savedFilters = pgTable(
  'saved_filters',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_filters_user_name_key').on(table.userId, sql`lower(${table.name})`),
  ],
);

export type SavedFilterRow = typeof savedFilters.$inferSelect;

/** The user's own categories; built-in ones are not stored (packages/shared lists them). */
export const userCategories = pgTable(
  'user_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isIncome: boolean('is_income').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.isIncome, table.name] })],
);

/**
 * Categories the user hid: still valid for the rows that carry them, no longer offered in the
 * pickers (GET /transactions/categories/*). Built-in ones can be hidden, never deleted,
 * so this is its own table rather than a flag on user_categories, which holds custom ones only.
 */
export const hiddenCategories = pgTable(
  'hidden_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isIncome: boolean('is_income').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.isIncome, table.name] })],
);

/**
 * Running count and sum of each user's transactions per kind and category. Derived: only the
 * database writes it, through the statement-level triggers on transactions kept in
 * src/db/derived/transaction-totals.ts. Totals, the summary and the page count of an
 * unfiltered or type/category-filtered list read a few rows here instead of counting a user's
 * whole history on every request.
 */
export const transactionTotals = pgTable(
  'transaction_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
    sumCents: bigint('sum_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.isIncome, table.category] })],
);

/**
 * How many of a user's transactions share each search text (and kind and category). Derived:
 * only the database writes it, through the statement-level triggers on transactions and users
 * kept in src/db/derived/transaction-search-counts.ts. A user who types transactions has
 * far fewer distinct texts than transactions (the same shops, the same notes), so the page
 * count of a search sums a few hundred rows here instead of rechecking every matching
 * transaction. (Imported bank rows whose notes are references differ one from another: for
 * them it holds one row per transaction.)
 */
export const transactionSearchCounts = pgTable(
  'transaction_search_counts',
  {
    // No foreign key: PostgreSQL checked one for every row the counts trigger inserted (a
    // bank file whose notes all differ makes one row per transaction), and the user is a
    // transaction's, checked by its own key. A statement trigger on users deletes a deleted
    // user's counts, as the key's cascade did (migration 0014; now
    // src/db/derived/transaction-search-counts.ts).
    userId: uuid('user_id').notNull(),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    /** md5 of search_text: the key stays small however long (and multi-byte) the text is. */
    searchHash: text('search_hash').notNull(),
    searchText: text('search_text').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    // A search's count reads the user's rows through this key, testing each text: no trigram
    // index. One cost a bank file's 100,000 different texts 2–2.7 s at commit (one more GIN
    // entry per row) and saved a count only milliseconds once the file was in (migration 0014,
    // docs/decisions.md).
    primaryKey({ columns: [table.userId, table.isIncome, table.category, table.searchHash] }),
  ],
);

/**
 * Count and sum of each user's transactions per day, kind and category. Derived: only the
 * database writes it, through the statement-level triggers on transactions kept in
 * src/db/derived/transaction-daily-totals.ts. The charts read a window of days here: a
 * few rows per day instead of every transaction of the window.
 */
export const transactionDailyTotals = pgTable(
  'transaction_daily_totals',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedOn: date('added_on', { mode: 'string' }).notNull(),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
    sumCents: bigint('sum_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.addedOn, table.isIncome, table.category] }),
  ],
);

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * A monthly spending limit for one category (docs/architecture.md, Product rules); one per category
 * and month. Every write fires budgets_data_version_* (data-versions.ts).
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    /**
     * The month takes in the previous month's remaining for its category (positive or
     * negative), when that month has a budget (docs/decisions.md, Budgets).
     */
    rollover: boolean('rollover').notNull().default(false),
    /**
     * The budget carries on into every later month that has no budget of its own for the
     * category, computed on read (docs/decisions.md, Budgets: repeat every month).
     */
    repeat: boolean('repeat').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('budgets_user_category_month_key').on(
      table.userId,
      table.category,
      table.year,
      table.month,
    ),
    check('budgets_amount_not_negative', sql`${table.amountCents} >= 0`),
    check('budgets_month_range', sql`${table.month} BETWEEN 1 AND 12`),
    check('budgets_year_range', sql`${table.year} BETWEEN 2000 AND 2100`),
  ],
);

export type BudgetRow = typeof budgets.$inferSelect;

/**
 * A savings goal: an amount to reach in its own currency, by a date or whenever. What is saved
 * is the linked account's balance (converted into the goal's currency at the latest rate), or,
 * without an account, what the user records in `saved_cents`.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    targetCents: bigint('target_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    targetDate: date('target_date', { mode: 'string' }),
    /** Deleting the account unlinks the goal, which then shows what the user recorded. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    savedCents: bigint('saved_cents', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('goals_user_created_idx').on(table.userId, table.createdAt),
    index('goals_account_idx').on(table.accountId),
    check('goals_target_positive', sql`${table.targetCents} > 0`),
    check('goals_saved_not_negative', sql`${table.savedCents} >= 0`),
  ],
);

export type GoalRow = typeof goals.$inferSelect;

/**
 * A recurring transaction. `next_due_date` is the first occurrence not yet recorded as a
 * transaction; the engine records every occurrence up to today and moves it past today.
 */
export const recurringRules = pgTable(
  'recurring_rules',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    isIncome: boolean('is_income').notNull(),
    frequency: text('frequency', { enum: FREQUENCIES }).notNull(),
    /** Every `interval` days, weeks, months or years. */
    interval: integer('interval').notNull().default(1),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** No occurrence after it; null for none. */
    endDate: date('end_date', { mode: 'string' }),
    nextDueDate: date('next_due_date', { mode: 'string' }).notNull(),
    /**
     * Where its occurrences go; null for the user's first account (also when the account it
     * named is deleted: the foreign key, written by hand in 0016, nulls this column only).
     */
    accountId: uuid('account_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // The engine's scan for due rules across all users.
    index('recurring_rules_next_due_date_idx').on(table.nextDueDate),
    // One user's list, in its order.
    index('recurring_rules_user_next_due_idx').on(table.userId, table.nextDueDate),
    check('recurring_rules_amount_positive', sql`${table.amountCents} > 0`),
    check(
      'recurring_rules_frequency',
      sql`${table.frequency} IN ('daily', 'weekly', 'monthly', 'annually')`,
    ),
    check('recurring_rules_next_due_after_start', sql`${table.nextDueDate} >= ${table.startDate}`),
    check('recurring_rules_interval', sql`${table.interval} BETWEEN 1 AND 365`),
    check(
      'recurring_rules_end_after_start',
      sql`${table.endDate} IS NULL OR ${table.endDate} >= ${table.startDate}`,
    ),
  ],
);

export type RecurringRuleRow = typeof recurringRules.$inferSelect;

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded receipts. The file itself lives in the database (docs/architecture.md, Layers), so a
 * backup of the database is a backup of everything and deleting an account deletes its files
 * atomically.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content, for integrity checks and spotting duplicates. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** A PDF's page 1 as a PNG, the receipt's picture (an image receipt is its own picture). */
    pagePng: bytea('page_png'),
    /** What was read: merchant, total, date, category, confidences and the source. */
    reading: jsonb('reading').notNull(),
    /**
     * Who printed it, as the receipt shows it: the OCR header lines (the top lines before the
     * items, not the whole text), the tax or VAT id and the phone number. Null for receipts read
     * before shops were recognised and for readings without text (the AI endpoint's).
     */
    shop: jsonb('shop'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('receipts_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    check(
      'receipts_mime_type',
      sql`${table.mimeType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * Files a user attached to a transaction (JPG, PNG or PDF, checked by their bytes). Stored in the
 * database like receipts, for the same reason: one database backup holds everything. A receipt's
 * file is not copied here: it is its expense's first attachment by `transactions.receipt_id`
 * (docs/decisions.md, Attachments).
 */
export const transactionAttachments = pgTable(
  'transaction_attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Deleting the transaction deletes its files. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content: one file is attached once per transaction. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // A transaction's files in the order they were attached.
    index('transaction_attachments_transaction_idx').on(table.transactionId, table.createdAt),
    uniqueIndex('transaction_attachments_file_key').on(table.transactionId, table.sha256),
    // A receipt upload looks for an expense that holds the same file already.
    index('transaction_attachments_user_sha256_idx').on(table.userId, table.sha256),
    check(
      'transaction_attachments_mime_type',
      sql`${table.mimeType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check('transaction_attachments_size_positive', sql`${table.sizeBytes} > 0`),
  ],
);

export type TransactionAttachmentRow = typeof transactionAttachments.$inferSelect;

/**
 * The files of transactions in the trash (deleted_transactions), held so that restoring a
 * transaction brings its attachments back byte for byte: a transaction's delete takes its
 * attachments with it (the foreign key above cascades), so the trash move copies them here in
 * the same statement, and a restore puts them back. Gone with the trashed row (expired, or its
 * import undone). No foreign key to deleted_transactions: a restore takes the row out of the
 * trash before it puts the files back, in one database transaction.
 */
export const deletedTransactionAttachments = pgTable(
  'deleted_transaction_attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('deleted_transaction_attachments_transaction_idx').on(table.transactionId)],
);

/**
 * One sign-in (docs/architecture.md, Security): its id is the `sid` of the session's token. Ending
 * a session deletes its row, and a token whose session is gone is refused (see
 * plugins/authenticate.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Kept to within a few minutes, not written on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    /** When its token expires; a session past it is as good as ended. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;

/** Tokens for scripts (docs/architecture.md, Security): only the SHA-256 of the secret is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** Hex SHA-256 of the whole token text: a token is found by it, never by its secret. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_key').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
    check('api_tokens_scope', sql`${table.scope} IN ('read', 'write')`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A user's TOTP secret (RFC 6238). Until `enabled_at` is set it is only being set up; the last
 * time step accepted is remembered so that no code works twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32; the server must compute codes from it, so it cannot be hashed. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, precision: 3 }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;

/** Single-use backup codes of two-factor sign-in, as SHA-256 of the user id and the code. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** WebAuthn credentials (passkeys) a user registered. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as the browser names the credential. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('passkeys_credential_key').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId, table.createdAt),
  ],
);

export type PasskeyRow = typeof passkeys.$inferSelect;

/**
 * Short-lived, single-use challenges: the second step of a two-factor sign-in, and WebAuthn
 * registrations and sign-ins. Kept in PostgreSQL so that any instance can finish what another
 * began; only a SHA-256 of the secret is stored. Not carried by backups.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['two-factor', 'passkey-register', 'passkey-login'],
    }).notNull(),
    /** The account it is for; none for a passkey sign-in, where the passkey names the user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** Wrong codes sent with this challenge. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex('auth_challenges_secret_key').on(table.secretHash),
    index('auth_challenges_expires_idx').on(table.expiresAt),
    check(
      'auth_challenges_purpose',
      sql`${table.purpose} IN ('two-factor', 'passkey-register', 'passkey-login')`,
    ),
  ],
);

export type AuthChallengeRow = typeof authChallenges.$inferSelect;

/**
 * Failed sign-in attempts per key (address and e-mail, address, account) in a fixed window, so
 * that every instance sees the same count. The key is stored as a SHA-256. Not carried by backups.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    keyHash: text('key_hash').primaryKey(),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('auth_throttles_window_idx').on(table.windowEndsAt)],
);

/** What happened to an account's security, for the user to review (GET /auth/events). */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('security_events_user_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export type SecurityEventRow = typeof securityEvents.$inferSelect;

/**
 * The first answer to a request sent with an Idempotency-Key (docs/api.md, Idempotency), kept 24
 * hours so that a retry gets it again instead of creating a second transaction. Keys are per user.
 * The row is inserted before the work it guards, in the same database transaction: a concurrent
 * request with the same key waits on the primary key and then finds the answer. The answer is null
 * only inside that transaction, never once it is committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the operation and its validated body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check('idempotency_keys_key_length', sql`char_length(${table.key}) BETWEEN 1 AND 200`),
  ],
);

/**
 * A bank file being imported (docs/architecture.md, Imports). Its rows wait in import_rows until the commit turns them into
 * transactions. `uploading` is internal: the rows of a file still arriving, invisible to the
 * API until the upload finishes (and removed if it fails).
 *
 * Watched by a trigger: deleting imports fires import_rows_imports_delete, which deletes their
 * import_rows. Defined in src/db/derived/import-rows-cascade.ts (docs/database.md).
 */
export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    fileName: text('file_name').notNull(),
    format: text('format', { enum: IMPORT_FORMATS }).notNull(),
    status: text('status', { enum: ['uploading', 'preview', 'committed', 'undone'] }).notNull(),
    encoding: text('encoding').notNull(),
    /** CSV only: the field delimiter, the header cells and the column mapping. */
    delimiter: text('delimiter'),
    columns: jsonb('columns').$type<string[]>(),
    mapping: jsonb('mapping').$type<ImportMapping>(),
    /** CSV only: a digest of the header, the key of the mapping remembered for that bank. */
    headerKey: text('header_key'),
    /** The position of the first data row among the file's records (after a CSV's header). */
    firstRow: integer('first_row').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    newCount: integer('new_count').notNull().default(0),
    transferCount: integer('transfer_count').notNull().default(0),
    /** Pairs of `transfer` rows of two statements of the file: each pair is one transfer. */
    transferPairCount: integer('transfer_pair_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    createdCount: integer('created_count'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true, precision: 3 }),
    /**
     * The accounts' statements in the file, by key (their index), each with the account its rows
     * go to (docs/imports-multi-account.md). Empty for imports from before multi-account files:
     * their one statement is `account_id`'s.
     */
    statements: jsonb('statements')
      .$type<StoredImportStatement[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (table) => [
    foreignKey({
      name: 'imports_account_fk',
      columns: [table.userId, table.accountId],
      foreignColumns: [accounts.userId, accounts.id],
    }).onDelete('cascade'),
    index('imports_user_created_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    check('imports_format', sql`${table.format} IN ('csv', 'ofx', 'qif', 'camt053')`),
    check(
      'imports_status',
      sql`${table.status} IN ('uploading', 'preview', 'committed', 'undone')`,
    ),
  ],
);

export type ImportRecord = typeof imports.$inferSelect;

/** A statement as `imports.statements` keeps it: its key is its index. */
export type StoredImportStatement = Omit<ImportStatement, 'key'>;

/** One part of a split row of an import, as an app's export gives it. */
export interface ImportRowSplit {
  category: string;
  /** > 0, in the row's currency: the row's direction is the parts'. */
  amountCents: number;
  note: string | null;
}

/**
 * Every record of an imported file, in file order (`position`): a CSV's raw cells, so that a
 * new mapping needs no new upload, and what was read from them. Records before `first_row`
 * (a CSV's preamble and header) are kept but are not rows of the import. Categories are not
 * stored: they are worked out when rows are shown or committed, with the rules as they are.
 *
 * No foreign key to imports: checking one per row cost as much as the rest of a 100,000-row
 * insert. A statement-level trigger on imports (src/db/derived/import-rows-cascade.ts) deletes
 * an import's rows with it, as a cascade would, and only the imports service writes rows,
 * under an import it made.
 */
export const importRows = pgTable(
  'import_rows',
  {
    importId: uuid('import_id').notNull(),
    position: integer('position').notNull(),
    cells: jsonb('cells').$type<string[]>(),
    date: date('date', { mode: 'string' }),
    name: text('name').notNull(),
    /** Absolute amount in cents; `is_income` carries the sign. */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    isIncome: boolean('is_income'),
    note: text('note'),
    /** The category the file itself gives (a CSV column, a QIF L line). */
    fileCategory: text('file_category'),
    bankId: text('bank_id'),
    /** moneta_fold(name): the payee as duplicates, rules and history compare it. */
    payeeKey: text('payee_key'),
    problem: text('problem'),
    /** The other party's account as the file names it (CAMT CdtrAcct/DbtrAcct, a CSV column). */
    counterparty: text('counterparty'),
    status: text('status', { enum: IMPORT_ROW_STATUSES }).notNull(),
    duplicateOf: uuid('duplicate_of'),
    /** A `duplicate` of a transfer's leg already on the account. */
    duplicateOfTransfer: uuid('duplicate_of_transfer'),
    /** A `transfer`: the user's other account, and the transaction that is its other leg. */
    transferAccountId: uuid('transfer_account_id'),
    matchOf: uuid('match_of'),
    /** The user's choices at commit. */
    include: boolean('include'),
    categoryChoice: text('category_choice'),
    isIncomeChoice: boolean('is_income_choice'),
    /** true: a transfer to `transfer_account_choice`; false: not a transfer; null: no choice. */
    transferChoice: boolean('transfer_choice'),
    transferAccountChoice: uuid('transfer_account_choice'),
    /** The key of the file's statement (imports.statements) the row belongs to. */
    statement: smallint('statement').notNull().default(0),
    /** A `transfer` whose other leg is a row of another statement of this file: its position. */
    matchRow: integer('match_row'),
    /**
     * The parts of a row another app's export splits (docs/imports-other-apps.md), in order, in
     * the row's currency: the commit creates one split transaction. Null for every other row.
     */
    splits: jsonb('splits').$type<ImportRowSplit[]>(),
  },
  (table) => [
    // Pages of rows (a status filter reads on through the import's rows in order).
    primaryKey({ columns: [table.importId, table.position] }),
    check(
      'import_rows_status',
      sql`${table.status} IN ('new', 'duplicate', 'problem', 'transfer')`,
    ),
  ],
);

export type ImportRowRecord = typeof importRows.$inferSelect;

/** The mapping a user last confirmed for a bank's CSV header: the next file needs no clicks. */
export const importMappings = pgTable(
  'import_mappings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    headerKey: text('header_key').notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.headerKey] })],
);

/** A user's rules: text in a field → a category (and a new name). The first match wins. */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field', { enum: RULE_FIELDS }).notNull(),
    operator: text('operator', { enum: RULE_OPERATORS }).notNull(),
    value: text('value').notNull(),
    /** null: both incomes and expenses. */
    isIncome: boolean('is_income'),
    category: text('category').notNull(),
    rename: text('rename'),
    /**
     * A row it matches is a transfer to this account of the user's (the foreign key, with
     * ON DELETE SET NULL of this column only, is written by hand in migration 0017).
     */
    transferAccountId: uuid('transfer_account_id'),
    /** 1 = tried first; kept dense (1..n) per user. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('rules_user_position_idx').on(table.userId, table.position),
    check('rules_field', sql`${table.field} IN ('name', 'note')`),
    check('rules_operator', sql`${table.operator} IN ('contains', 'equals', 'startsWith')`),
    check('rules_position_positive', sql`${table.position} >= 1`),
  ],
);

export type RuleRow = typeof rules.$inferSelect;

/**
 * What a user taught Moneta about a shop by correcting a receipt (docs/receipts.md): the next
 * receipt with the same tax id or phone, or similar header lines, gets this merchant and category.
 * One user's shops are never used for another's receipts.
 */
export const receiptShops = pgTable(
  'receipt_shops',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Tax or VAT id as printed, upper case without spaces or punctuation. */
    taxId: text('tax_id'),
    /** Phone number, its digits only. */
    phone: text('phone'),
    /** The receipt's header lines, normalised (upper case letters and digits). */
    headerLines: text('header_lines').array().notNull(),
    merchant: text('merchant').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('receipt_shops_user_updated_idx').on(table.userId, table.updatedAt.desc().nullsFirst()),
  ],
);

export type ReceiptShopRow = typeof receiptShops.$inferSelect;

/**
 * The European Central Bank's daily reference rates: units of `currency` per euro on `date`
 * (docs/currencies.md). Written only by the rates loader (domains/rates/rates-loader.ts), read by
 * the rate lookup `moneta_exchange_rate` (src/db/derived/exchange-rate-lookup.ts). Not a user's:
 * every user sees the same rates. The euro itself has no row (its rate is 1). Every write fires
 * exchange_rates_version_change (data-versions.ts). Watched by the
 * triggers that keep exchange_rate_days (src/db/derived/exchange-rate-days.ts).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate').notNull(),
  },
  (table) => [
    // The lookup's "latest on or before a day" is one backward scan of this key.
    primaryKey({ name: 'exchange_rates_pkey', columns: [table.currency, table.date] }),
    check(
      'exchange_rates_currency',
      sql`${table.currency} ~ '^[A-Z]{3}$' AND ${table.currency} <> 'EUR'`,
    ),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/**
 * Derived from exchange_rates: for each currency and calendar day, the ECB rate the lookup uses
 * on that day — the day's own, else the latest within RATE_LOOKBACK_DAYS before it (weekends,
 * holidays) — and the day it is from; no row where none is that recent. Only the database writes
 * it, through the statement-level triggers on exchange_rates kept in
 * src/db/derived/exchange-rate-days.ts. It turns "the latest rate on or before a day" into an
 * equality: a converted total joins it on (currency, day) instead of searching backwards once
 * per day (docs/currencies.md).
 */
export const exchangeRateDays = pgTable(
  'exchange_rate_days',
  {
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    rate: numeric('rate').notNull(),
    rateDate: date('rate_date').notNull(),
  },
  (table) => [
    primaryKey({ name: 'exchange_rate_days_pkey', columns: [table.currency, table.day] }),
  ],
);

/**
 * A user's own rate for a day (PUT /api/rates): units of `base_currency` (their base currency
 * when they set it) per unit of `currency`. It wins over the ECB's rate of that day for that
 * pair, either way round (docs/currencies.md). Every write fires
 * user_exchange_rates_data_version_* (data-versions.ts).
 */
export const userExchangeRates = pgTable(
  'user_exchange_rates',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    baseCurrency: text('base_currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'user_exchange_rates_pkey',
      columns: [table.userId, table.currency, table.baseCurrency, table.date],
    }),
    check(
      'user_exchange_rates_pair',
      sql`${table.currency} ~ '^[A-Z]{3}$' AND ${table.baseCurrency} ~ '^[A-Z]{3}$' AND ${table.currency} <> ${table.baseCurrency}`,
    ),
    check('user_exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

export type UserExchangeRateRow = typeof userExchangeRates.$inferSelect;

/**
 * Which state of a user's money data the database holds: a number that changes at the commit
 * of every transaction that wrote to the tables a remembered answer is computed from
 * (transactions, their parts, transfers, accounts, budgets, the user's own rates), in that
 * transaction. Only the database writes it, through the triggers in
 * src/db/derived/data-versions.ts; a user who never wrote has no row (version 0). Values come
 * from one sequence, so a version is never given twice and equal versions mean no write
 * committed in between.
 */
export const dataVersionSequence = pgSequence('data_version_seq');

export const userDataVersions = pgTable('user_data_versions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The users a transaction in progress has written for, one row per user and transaction: the
 * writes' statement-level triggers add them, and a deferred trigger gives each user a new version
 * at the commit and removes the row (src/db/derived/data-versions.ts). Empty outside a
 * transaction in progress.
 */
/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const dataVersionPending = pgTable(
  'data_version_pending',
  {
    userId: uuid('user_id').notNull(),
    xid: xid8('xid').notNull(),
  },
  (table) => [
    primaryKey({ name: 'data_version_pending_pkey', columns: [table.userId, table.xid] }),
  ],
);

/** The same for the ECB's rates, which every user's answers read: one row after the first rate. */
export const exchangeRatesVersion = pgTable(
  'exchange_rates_version',
  {
    single: boolean('single').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [check('exchange_rates_version_single', sql`${table.single}`)],
);

/**
 * Answers of the heavy reads (the reports, a month's budgets) remembered per user and question
 * (`key`), with the versions of the data they were computed from (docs/database.md,
 * "Remembered answers"). One is used only while both versions are still the current ones, so a
 * write or a new rate makes it unusable at once; nothing has to find and delete it. Not carried
 * by backups, and emptied when the server starts (a new version may compute differently).
 */
export const answerCache = pgTable(
  'answer_cache',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    dataVersion: bigint('data_version', { mode: 'number' }).notNull(),
    ratesVersion: bigint('rates_version', { mode: 'number' }).notNull(),
    answer: jsonb('answer').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'answer_cache_pkey', columns: [table.userId, table.key] })],
);
