import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One sign-in (docs/architecture.md, Security): its id is the `sid` of the session's token. Ending
 * a session deletes its row, and a token whose session is gone is refused (see
 * plugins/authenticate.ts).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Kept to within a few minutes, not written on every request. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, precision: 3 })
      .notNull()
      .defaultNow(),
    /** When its token expires; a session past it is as good as ended. */
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId, table.createdAt)],
);

export type SessionRow = typeof sessions.$inferSelect;
