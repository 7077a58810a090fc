import { FREQUENCIES } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/**
 * A recurring transaction. `next_due_date` is the first occurrence not yet recorded as a
 * transaction; the engine records every occurrence up to today and moves it past today.
 */
export const recurringRules = pgTable(
  'recurring_rules',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
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
     * Where its occurrences go; null for the household's first account (also when the account it
     * named is deleted: the foreign key to (household_id, id), written by hand in 0035, nulls this
     * column only).
     */
    accountId: uuid('account_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // The engine's scan for due rules across all users.
    index('recurring_rules_next_due_date_idx').on(table.nextDueDate),
    // One household's list, in its order.
    index('recurring_rules_household_next_due_idx').on(table.householdId, table.nextDueDate),
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
