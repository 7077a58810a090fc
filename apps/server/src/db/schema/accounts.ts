import { ACCOUNT_TYPES } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/**
 * Where money is kept: a checking or savings account, a credit card, cash (docs/architecture.md,
 * Accounts). Every household has at least one; the balance is the opening balance plus what
 * account_balances keeps. Every write fires accounts_data_version_* (data-versions.ts).
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
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
    // Names are unique per household ignoring case ("Cash" and "cash" are one account).
    uniqueIndex('accounts_household_name_key').on(table.householdId, sql`lower(${table.name})`),
    // The target of the (household_id, account_id) foreign keys, which keep a household's
    // transactions and transfers in its own accounts whatever a caller sends.
    uniqueIndex('accounts_household_id_key').on(table.householdId, table.id),
    // The target of imports' (user_id, account_id) key, until imports name their household.
    uniqueIndex('accounts_user_id_key').on(table.userId, table.id),
    // The default account: the household's oldest not archived.
    index('accounts_household_order_idx').on(table.householdId, table.isArchived, table.createdAt),
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
 * Each account's movement (incomes − expenses + transfers in − transfers out) and how many
 * transactions and transfers it holds: a balance is one row, not a sum over the account's
 * history. Derived: only the database writes it, through the statement-level triggers on
 * transactions and transfers kept in src/db/derived/account-balances.ts.
 */
export const accountBalances = pgTable(
  'account_balances',
  {
    householdId: uuid('household_id').notNull(),
    accountId: uuid('account_id').notNull(),
    flowCents: bigint('flow_cents', { mode: 'number' }).notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
    transferCount: bigint('transfer_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'account_balances_pkey',
      columns: [table.householdId, table.accountId],
    }),
    // Goes with its account (and so with its household).
    foreignKey({
      name: 'account_balances_account_fk',
      columns: [table.householdId, table.accountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What moved each account on each day, per currency of its rows: the signed sum of its booked
 * transactions (incomes − expenses) and how many there are. The net-worth report reads these
 * few thousand rows instead of the account's whole ledger; rows in another currency than their
 * account's are converted on read as before (docs/currencies.md), so the report joins on the
 * account's currency. Pending transactions move nothing and are not counted. Transfers are not
 * here (a household has a few hundred; the report reads them). Derived: only the database writes
 * it, through the statement-level triggers on transactions in
 * src/db/derived/account-daily-movements.ts.
 */
export const accountDailyMovements = pgTable(
  'account_daily_movements',
  {
    householdId: uuid('household_id').notNull(),
    accountId: uuid('account_id').notNull(),
    currency: text('currency').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    flowCents: bigint('flow_cents', { mode: 'number' }).notNull(),
    transactionCount: bigint('transaction_count', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({
      name: 'account_daily_movements_pkey',
      columns: [table.householdId, table.accountId, table.currency, table.day],
    }),
    // Goes with its account (and so with its household).
    foreignKey({
      name: 'account_daily_movements_account_fk',
      columns: [table.householdId, table.accountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }).onDelete('cascade'),
  ],
);
