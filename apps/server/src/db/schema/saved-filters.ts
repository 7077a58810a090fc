import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

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
