import { ACCOUNT_TYPES, FREQUENCIES, type ReceiptMimeType } from '@moneta/shared';
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
 * an account removes everything of theirs in one statement (DESIGN §2, DELETE /users/account).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * Where money is kept: a checking or savings account, a credit card, cash (DESIGN §5.1). Every
 * user has at least one; the balance is the opening balance plus what account_balances keeps.
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
  ],
);

export type AccountRow = typeof accounts.$inferSelect;

/** Money moved between two of a user's accounts: neither income nor expense. */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAccountId: uuid('from_account_id').notNull(),
    toAccountId: uuid('to_account_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note'),
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
    check('transfers_amount_positive', sql`${table.amountCents} > 0`),
    check('transfers_two_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;

/**
 * Each account's movement (incomes − expenses + transfers in − transfers out) and how many
 * transactions and transfers it holds, kept exact by statement-level triggers on transactions
 * and transfers (see the migration): a balance is one row, not a sum over the account's history.
 */
export const accountBalances = pgTable('account_balances', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  flowCents: bigint('flow_cents', { mode: 'number' }).notNull(),
  transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  transferCount: bigint('transfer_count', { mode: 'number' }).notNull(),
});

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
    // Millisecond precision, like a JS Date, so that a row's timestamp survives a round trip
    // exactly (the export's keyset cursor compares it).
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /**
     * Lower-cased name, category and note for case-insensitive search, separated by a unit
     * separator so that a search term can never match across two fields.
     */
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
    // One user's substring search without scanning their rows (pg_trgm + btree_gin).
    index('transactions_user_search_idx').using(
      'gin',
      table.userId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
    check('transactions_cost_positive', sql`${table.costCents} > 0`),
  ],
);

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
 * Running count and sum of each user's transactions per kind and category, kept exact by
 * statement-level triggers (see the migration). Totals, the summary and the page count of an
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
 * How many of a user's transactions share each search text (and kind and category), kept exact
 * by the same statement-level triggers as transaction_totals. A user has far fewer distinct
 * texts than transactions (the same shops, the same notes), so the page count of a search
 * sums a few hundred rows here instead of rechecking every matching transaction.
 */
export const transactionSearchCounts = pgTable(
  'transaction_search_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isIncome: boolean('is_income').notNull(),
    category: text('category').notNull(),
    /** md5 of search_text: the key stays small however long (and multi-byte) the text is. */
    searchHash: text('search_hash').notNull(),
    searchText: text('search_text').notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.isIncome, table.category, table.searchHash] }),
    // For users whose texts are nearly all different, the same trigram search as transactions.
    index('transaction_search_counts_search_idx').using(
      'gin',
      table.userId,
      sql`${table.searchText} gin_trgm_ops`,
    ),
  ],
);

/**
 * Count and sum of each user's transactions per day, kind and category, kept exact by the same
 * statement-level triggers as transaction_totals. The charts read a window of days here: a
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

/** A monthly spending limit for one category (SPEC §3); one per category and month. */
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
    startDate: date('start_date', { mode: 'string' }).notNull(),
    nextDueDate: date('next_due_date', { mode: 'string' }).notNull(),
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
  ],
);

export type RecurringRuleRow = typeof recurringRules.$inferSelect;

/** PostgreSQL bytea as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded receipts. The file itself lives in the database (DESIGN §1), so a backup of the
 * database is a backup of everything and deleting an account deletes its files atomically.
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
     * items, not the whole text), the tax or VAT id and the phone number. Null before issue 16
     * and for readings without text (the AI endpoint's).
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
 * What a user taught Moneta about a shop by correcting a receipt (DESIGN §5.4): the next receipt
 * with the same tax id or phone, or similar header lines, gets this merchant and category. One
 * user's shops are never used for another's receipts.
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
