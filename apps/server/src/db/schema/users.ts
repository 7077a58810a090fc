import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { households } from './households';

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
    /**
     * The household a request without the Moneta-Household header acts on. Null only inside the
     * transaction that deletes it or removes the user from it: the households service sets
     * another of the user's households in that transaction.
     */
    defaultHouseholdId: uuid('default_household_id').references((): AnyPgColumn => households.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    check('users_email_lower', sql`${table.email} = lower(${table.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;
