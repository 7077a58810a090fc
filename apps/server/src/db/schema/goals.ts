import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { householdId } from './households';
import { users } from './users';

/**
 * A savings goal: an amount to reach in its own currency, by a date or whenever. What is saved
 * is the linked account's balance (converted into the goal's currency at the latest rate), or,
 * without an account, what the user records in `saved_cents`.
 */
export const goals = pgTable(
  'goals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
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
    index('goals_household_created_idx').on(table.householdId, table.createdAt),
    index('goals_account_idx').on(table.accountId),
    check('goals_target_positive', sql`${table.targetCents} > 0`),
    check('goals_saved_not_negative', sql`${table.savedCents} >= 0`),
  ],
);

export type GoalRow = typeof goals.$inferSelect;
