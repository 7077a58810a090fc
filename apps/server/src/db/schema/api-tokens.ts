import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/** Tokens for scripts (docs/architecture.md, Security): only the SHA-256 of the secret is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    householdId: householdId(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'write'] }).notNull(),
    /** Hex SHA-256 of the whole token text: a token is found by it, never by its secret. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('api_tokens_hash_key').on(table.tokenHash),
    index('api_tokens_user_idx').on(table.userId, table.createdAt),
    check('api_tokens_scope', sql`${table.scope} IN ('read', 'write')`),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;
