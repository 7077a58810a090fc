import { bigint, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A user's TOTP secret (RFC 6238). Until `enabled_at` is set it is only being set up; the last
 * time step accepted is remembered so that no code works twice.
 */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32; the server must compute codes from it, so it cannot be hashed. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, precision: 3 }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
});

export type TwoFactorSecretRow = typeof twoFactorSecrets.$inferSelect;

/** Single-use backup codes of two-factor sign-in, as SHA-256 of the user id and the code. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);
