import { sql } from 'drizzle-orm';
import {
  check,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The first answer to a request sent with an Idempotency-Key (docs/api.md, Idempotency), kept 24
 * hours so that a retry gets it again instead of creating a second transaction. Keys are per user.
 * The row is inserted before the work it guards, in the same database transaction: a concurrent
 * request with the same key waits on the primary key and then finds the answer. The answer is null
 * only inside that transaction, never once it is committed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the operation and its validated body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: smallint('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check('idempotency_keys_key_length', sql`char_length(${table.key}) BETWEEN 1 AND 200`),
  ],
);
