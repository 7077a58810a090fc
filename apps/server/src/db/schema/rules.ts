import { RULE_FIELDS, RULE_OPERATORS } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/** A household's rules: text in a field → a category (and a new name). The first match wins. */
export const rules = pgTable(
  'rules',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    field: text('field', { enum: RULE_FIELDS }).notNull(),
    operator: text('operator', { enum: RULE_OPERATORS }).notNull(),
    value: text('value').notNull(),
    /** null: both incomes and expenses. */
    isIncome: boolean('is_income'),
    category: text('category').notNull(),
    rename: text('rename'),
    /**
     * A row it matches is a transfer to this account of the household's (the foreign key to
     * (household_id, id), with ON DELETE SET NULL of this column only, is written by hand in
     * migration 0035).
     */
    transferAccountId: uuid('transfer_account_id'),
    /** 1 = tried first; kept dense (1..n) per household. */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('rules_household_position_idx').on(table.householdId, table.position),
    check('rules_field', sql`${table.field} IN ('name', 'note')`),
    check('rules_operator', sql`${table.operator} IN ('contains', 'equals', 'startsWith')`),
    check('rules_position_positive', sql`${table.position} >= 1`),
  ],
);

export type RuleRow = typeof rules.$inferSelect;
