import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { xid8 } from './columns';
import { households } from './households';

/**
 * Which state of a household's money data the database holds: a number that changes at the
 * commit of every transaction that wrote to the tables a remembered answer is computed from
 * (transactions, their parts, transfers, accounts, budgets, the household's own rates), in that
 * transaction. Only the database writes it, through the triggers in
 * src/db/derived/data-versions.ts; a household never written to has no row (version 0). Values come
 * from one sequence, so a version is never given twice and equal versions mean no write
 * committed in between.
 */
export const dataVersionSequence = pgSequence('data_version_seq');

export const householdDataVersions = pgTable('household_data_versions', {
  householdId: uuid('household_id')
    .primaryKey()
    .references(() => households.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The households a transaction in progress has written for, one row per household and
 * transaction: the writes' statement-level triggers add them, and a deferred trigger gives each
 * household a new version at the commit and removes the row (src/db/derived/data-versions.ts). Empty outside a
 * transaction in progress.
 */

export const dataVersionPending = pgTable(
  'data_version_pending',
  {
    householdId: uuid('household_id').notNull(),
    xid: xid8('xid').notNull(),
  },
  (table) => [
    primaryKey({ name: 'data_version_pending_pkey', columns: [table.householdId, table.xid] }),
  ],
);

/** The same for the ECB's rates, which every household's answers read: one row after the first rate. */
export const exchangeRatesVersion = pgTable(
  'exchange_rates_version',
  {
    single: boolean('single').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (table) => [check('exchange_rates_version_single', sql`${table.single}`)],
);

/**
 * Answers of the heavy reads (the reports, a month's budgets) remembered per household and question
 * (`key`), with the versions of the data they were computed from (docs/database.md,
 * "Remembered answers"). One is used only while both versions are still the current ones, so a
 * write or a new rate makes it unusable at once; nothing has to find and delete it. Not carried
 * by backups, and emptied when the server starts (a new version may compute differently).
 */
export const answerCache = pgTable(
  'answer_cache',
  {
    householdId: uuid('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    dataVersion: bigint('data_version', { mode: 'number' }).notNull(),
    ratesVersion: bigint('rates_version', { mode: 'number' }).notNull(),
    answer: jsonb('answer').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'answer_cache_pkey', columns: [table.householdId, table.key] })],
);
