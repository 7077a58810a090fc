import { HOUSEHOLD_ROLES } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The books: a household of people owns the money data (accounts, transactions and everything
 * read with them); each owned table carries `household_id` as the first column of its keys, so
 * a distributed engine can place a household's rows together (docs/architecture.md). Deleting a
 * household deletes its data (the owned tables' keys cascade). The base currency and the time
 * zone that periods are counted in are the household's; credentials and locale stay the user's.
 */
export const households = pgTable(
  'households',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    baseCurrency: text('base_currency').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    check('households_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 50`),
    check('households_base_currency', sql`${table.baseCurrency} ~ '^[A-Z]{3}$'`),
  ],
);

export type HouseholdRow = typeof households.$inferSelect;

/**
 * The owner column of every table a household owns: deleting the household deletes the row.
 * A function, because a column belongs to one table.
 */
export function householdId() {
  return (
    uuid('household_id')
      .notNull()
      .references((): AnyPgColumn => households.id, { onDelete: 'cascade' })
      // While a domain's writers still name only the user, an insert that leaves the column out
      // gets the user's default household from the household-fill trigger
      // (src/db/derived/household-fill.ts). Goes when the last domain writes it.
      .$defaultFn(() => sql`DEFAULT`)
  );
}

/**
 * Who belongs to a household, and as what. Every request's membership check is one probe of the
 * primary key (plugins/authenticate.ts); a household always keeps at least one owner (the
 * households service).
 */
export const householdMembers = pgTable(
  'household_members',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'household_members_pkey',
      columns: [table.householdId, table.userId],
    }),
    // A user's households (GET /households, the limit of 20).
    uniqueIndex('household_members_user_key').on(table.userId, table.householdId),
    check('household_members_role', sql`${table.role} IN ('owner', 'editor', 'viewer')`),
  ],
);

export type HouseholdMemberRow = typeof householdMembers.$inferSelect;

/**
 * An invitation to join a household: only the SHA-256 of its one-time code is kept (the code is
 * shown once, like an API token). Accepted and revoked ones stay, so that a used code stays
 * unknown and the owner's list shows what happened.
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: uuid('id').primaryKey(),
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the code. */
    codeHash: text('code_hash').notNull(),
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull(),
    /** Only this e-mail's user may accept it; null: whoever holds the code. */
    email: text('email'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('household_invitations_code_key').on(table.codeHash),
    index('household_invitations_household_idx').on(
      table.householdId,
      table.createdAt.desc().nullsFirst(),
    ),
    check('household_invitations_role', sql`${table.role} IN ('owner', 'editor', 'viewer')`),
  ],
);

export type HouseholdInvitationRow = typeof householdInvitations.$inferSelect;
