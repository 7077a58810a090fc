import { type ReceiptMimeType } from '@moneta/shared';
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
import { bytea } from './columns';
import { transactions } from './transactions';
import { householdId } from './households';
import { users } from './users';

/**
 * Files a user attached to a transaction (JPG, PNG or PDF, checked by their bytes). Stored in the
 * database like receipts, for the same reason: one database backup holds everything. A receipt's
 * file is not copied here: it is its expense's first attachment by `transactions.receipt_id`
 * (docs/decisions.md, TXN-19).
 */
export const transactionAttachments = pgTable(
  'transaction_attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Deleting the transaction deletes its files. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content: one file is attached once per transaction. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    // A transaction's files in the order they were attached.
    index('transaction_attachments_transaction_idx').on(table.transactionId, table.createdAt),
    uniqueIndex('transaction_attachments_file_key').on(table.transactionId, table.sha256),
    // A receipt upload looks for an expense that holds the same file already.
    index('transaction_attachments_household_sha256_idx').on(table.householdId, table.sha256),
    check(
      'transaction_attachments_mime_type',
      sql`${table.mimeType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
    check('transaction_attachments_size_positive', sql`${table.sizeBytes} > 0`),
  ],
);

export type TransactionAttachmentRow = typeof transactionAttachments.$inferSelect;

/**
 * The files of transactions in the trash (deleted_transactions), held so that restoring a
 * transaction brings its attachments back byte for byte: a transaction's delete takes its
 * attachments with it (the foreign key above cascades), so the trash move copies them here in
 * the same statement, and a restore puts them back. Gone with the trashed row (expired, or its
 * import undone). No foreign key to deleted_transactions: a restore takes the row out of the
 * trash before it puts the files back, in one database transaction.
 */
export const deletedTransactionAttachments = pgTable(
  'deleted_transaction_attachments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    transactionId: uuid('transaction_id').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (table) => [index('deleted_transaction_attachments_transaction_idx').on(table.transactionId)],
);
