import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/**
 * A monthly spending limit for one category (docs/architecture.md, Product rules); one per category
 * and month. Every write fires budgets_data_version_* (data-versions.ts).
 */
export const budgets = pgTable(
  'budgets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    category: text('category').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    month: smallint('month').notNull(),
    year: smallint('year').notNull(),
    /**
     * The month takes in the previous month's remaining for its category (positive or
     * negative), when that month has a budget (docs/decisions.md, BUD-1).
     */
    rollover: boolean('rollover').notNull().default(false),
    /**
     * The budget carries on into every later month that has no budget of its own for the
     * category, computed on read (docs/decisions.md, BUD-5).
     */
    repeat: boolean('repeat').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('budgets_household_category_month_key').on(
      table.householdId,
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
