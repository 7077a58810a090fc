import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
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
    recurringId: uuid('recurring_id'),
    receiptId: uuid('receipt_id'),
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
    // The list's ORDER BY exactly (plain DESC means NULLS FIRST): newest date, then creation.
    index('transactions_user_added_on_idx').on(
      table.userId,
      table.addedOn.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('transactions_user_category_idx').on(table.userId, table.category),
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

export type TransactionRow = typeof transactions.$inferSelect;
