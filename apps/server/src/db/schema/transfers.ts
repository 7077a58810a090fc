import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { imports } from './imports';
import { householdId } from './households';
import { users } from './users';

/**
 * Money moved between two of a household's accounts: neither income nor expense.
 *
 * Watched by triggers: every insert, update and delete of transfers fires
 * account_balances_transfers_insert / _update / _delete, which move both accounts' balances in
 * account_balances. Defined in src/db/derived/account-balances.ts (docs/database.md). They also
 * fire transfers_data_version_* (data-versions.ts): a new version of the household's data.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Who made it; null for rows the system made (recurring, bank sync) or a departed user. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    fromAccountId: uuid('from_account_id').notNull(),
    toAccountId: uuid('to_account_id').notNull(),
    /** What left `from_account_id`, in its currency. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * What arrived in `to_account_id`, in its currency, when the two accounts' currencies
     * differ; null: `amount_cents` (one currency).
     */
    toAmountCents: bigint('to_amount_cents', { mode: 'number' }),
    /** The day the money left `from_account_id`. */
    date: date('date', { mode: 'string' }).notNull(),
    /** The day it arrived in `to_account_id` when that differs (two bank rows); null: `date`. */
    toDate: date('to_date', { mode: 'string' }),
    note: text('note'),
    /**
     * Each leg's bank-file import and the bank's id for it, when the leg was a bank row: a
     * re-import of that file sees the leg as a duplicate, and undoing the import removes it.
     */
    fromImportId: uuid('from_import_id').references((): AnyPgColumn => imports.id, {
      onDelete: 'set null',
    }),
    toImportId: uuid('to_import_id').references((): AnyPgColumn => imports.id, {
      onDelete: 'set null',
    }),
    fromBankId: text('from_bank_id'),
    toBankId: text('to_bank_id'),
    /**
     * The transactions this transfer replaced (their rows as `to_jsonb` gave them), so that
     * undoing the import of one leg puts back the other leg's transaction as it was.
     */
    replaced: jsonb('replaced').$type<Array<Record<string, unknown>>>(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'transfers_from_account_fk',
      columns: [table.householdId, table.fromAccountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }),
    foreignKey({
      name: 'transfers_to_account_fk',
      columns: [table.householdId, table.toAccountId],
      foreignColumns: [accounts.householdId, accounts.id],
    }),
    // A household's transfers newest first, and each account's (its register; the foreign keys).
    index('transfers_household_list_idx').on(
      table.householdId,
      table.date.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
    ),
    index('transfers_from_account_idx').on(table.fromAccountId, table.date),
    index('transfers_to_account_idx').on(table.toAccountId, table.date),
    // Undoing an import finds the transfers with a leg from it.
    index('transfers_from_import_idx')
      .on(table.fromImportId)
      .where(sql`${table.fromImportId} IS NOT NULL`),
    index('transfers_to_import_idx')
      .on(table.toImportId)
      .where(sql`${table.toImportId} IS NOT NULL`),
    check('transfers_amount_positive', sql`${table.amountCents} > 0`),
    check('transfers_to_amount_positive', sql`${table.toAmountCents} > 0`),
    check('transfers_two_accounts', sql`${table.fromAccountId} <> ${table.toAccountId}`),
  ],
);

export type TransferRow = typeof transfers.$inferSelect;
