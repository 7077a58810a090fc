import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Short-lived, single-use challenges: the second step of a two-factor sign-in, and WebAuthn
 * registrations and sign-ins. Kept in PostgreSQL so that any instance can finish what another
 * began; only a SHA-256 of the secret is stored. Not carried by backups.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey(),
    purpose: text('purpose', {
      enum: ['two-factor', 'passkey-register', 'passkey-login'],
    }).notNull(),
    /** The account it is for; none for a passkey sign-in, where the passkey names the user. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** Wrong codes sent with this challenge. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [
    uniqueIndex('auth_challenges_secret_key').on(table.secretHash),
    index('auth_challenges_expires_idx').on(table.expiresAt),
    check(
      'auth_challenges_purpose',
      sql`${table.purpose} IN ('two-factor', 'passkey-register', 'passkey-login')`,
    ),
  ],
);

export type AuthChallengeRow = typeof authChallenges.$inferSelect;

/**
 * Failed sign-in attempts per key (address and e-mail, address, account) in a fixed window, so
 * that every instance sees the same count. The key is stored as a SHA-256. Not carried by backups.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    keyHash: text('key_hash').primaryKey(),
    failures: integer('failures').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('auth_throttles_window_idx').on(table.windowEndsAt)],
);
