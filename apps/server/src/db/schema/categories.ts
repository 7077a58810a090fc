import { boolean, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/**
 * The household's own categories (names unique per household and kind; `user_id` is who added
 * one); built-in ones are not stored (packages/shared lists them).
 */
export const userCategories = pgTable(
  'user_categories',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    isIncome: boolean('is_income').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.isIncome, table.name] })],
);

/**
 * Categories the household hid: still valid for the rows that carry them, no longer offered in the
 * pickers (GET /transactions/categories/*). Built-in ones can be hidden, never deleted,
 * so this is its own table rather than a flag on user_categories, which holds custom ones only.
 */
export const hiddenCategories = pgTable(
  'hidden_categories',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    isIncome: boolean('is_income').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.isIncome, table.name] })],
);
