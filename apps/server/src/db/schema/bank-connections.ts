import { BANK_CONNECTION_STATUSES, BANK_PROVIDERS } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { householdId } from './households';
import { users } from './users';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A household's link to a bank through a provider (docs/bank-sync.md). `secret` is sealed by
 * the secret box (AES-256-GCM, the connection's id bound to it): SimpleFIN's access URL, which
 * holds the bridge's credentials. None of these tables is exported or restored
 * (docs/decisions.md, BANK-1): an export must not carry the keys to someone's bank.
 */
export const bankConnections = pgTable(
  'bank_connections',
  {
    householdId: householdId(),
    id: uuid('id').notNull(),
    provider: text('provider', { enum: BANK_PROVIDERS }).notNull(),
    name: text('name').notNull(),
    secret: text('secret'),
    status: text('status', { enum: BANK_CONNECTION_STATUSES }).notNull(),
    /** Why it needs attention: Moneta's code and the provider's own words, sanitized. */
    lastErrorCode: text('last_error_code'),
    lastErrorMessage: text('last_error_message'),
    /** The provider requests of the last 24 hours: the request budget's whole state. */
    requestTimes: timestamptz('request_times')
      .array()
      .notNull()
      .default(sql`'{}'::timestamptz[]`),
    /** Enable Banking: the bank chosen, the session and when its consent ends. */
    bankName: text('bank_name'),
    bankCountry: text('bank_country'),
    sessionId: text('session_id'),
    validUntil: timestamptz('valid_until'),
    lastSyncedAt: timestamptz('last_synced_at'),
    nextSyncAt: timestamptz('next_sync_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.id] }),
    uniqueIndex('bank_connections_id_key').on(table.id),
    // The scheduler's scan: connections due, oldest due first.
    index('bank_connections_next_sync_idx').on(table.nextSyncAt),
    check('bank_connections_provider', sql`${table.provider} IN ('simplefin', 'enablebanking')`),
    check(
      'bank_connections_status',
      sql`${table.status} IN ('ok', 'pending', 'syncing', 'needs_attention', 'expired')`,
    ),
    check('bank_connections_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 100`),
  ],
);

export type BankConnectionRow = typeof bankConnections.$inferSelect;

/**
 * A bank account a connection sees, and where its rows go: `account_id` null with
 * `is_ignored` false is not mapped yet; ignored accounts are never read.
 */
export const bankConnectionAccounts = pgTable(
  'bank_connection_accounts',
  {
    householdId: householdId(),
    connectionId: uuid('connection_id').notNull(),
    /** SimpleFIN's account id; Enable Banking's identification hash (stable across consents). */
    providerAccountId: text('provider_account_id').notNull(),
    /** Enable Banking's uid of the account in the current session (what its calls take). */
    providerUid: text('provider_uid'),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    type: text('type'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    isIgnored: boolean('is_ignored').notNull().default(false),
    /** The bank's balance in hundredths, the day it holds for, and Moneta's difference then. */
    balance: bigint('balance', { mode: 'number' }),
    balanceDate: date('balance_date', { mode: 'string' }),
    balanceDifference: bigint('balance_difference', { mode: 'number' }),
    /** The newest booked day synced: the next window starts 14 days before it. */
    lastPostedDate: date('last_posted_date', { mode: 'string' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.connectionId, table.providerAccountId] }),
    foreignKey({
      name: 'bank_connection_accounts_connection_fk',
      columns: [table.householdId, table.connectionId],
      foreignColumns: [bankConnections.householdId, bankConnections.id],
    }).onDelete('cascade'),
  ],
);

export type BankConnectionAccountRow = typeof bankConnectionAccounts.$inferSelect;

/** A household's Enable Banking application: its id and its private key, sealed. */
export const enableBankingApps = pgTable('enable_banking_apps', {
  householdId: householdId().primaryKey(),
  applicationId: text('application_id').notNull(),
  sealedPrivateKey: text('sealed_private_key').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/**
 * An Enable Banking consent under way: the `state` sent to the bank, kept as its SHA-256, bound
 * to the connection and the person who started it; used once, within 30 minutes. The callback
 * carries no sign-in (the bank redirects the browser), so it finds the row by the state alone.
 */
export const bankAuthorizations = pgTable(
  'bank_authorizations',
  {
    householdId: householdId(),
    stateHash: text('state_hash').notNull(),
    connectionId: uuid('connection_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.stateHash] }),
    uniqueIndex('bank_authorizations_state_key').on(table.stateHash),
    foreignKey({
      name: 'bank_authorizations_connection_fk',
      columns: [table.householdId, table.connectionId],
      foreignColumns: [bankConnections.householdId, bankConnections.id],
    }).onDelete('cascade'),
  ],
);
