import { type ReceiptMimeType } from '@moneta/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './columns';
import { householdId } from './households';
import { users } from './users';

/**
 * Uploaded receipts. The file itself lives in the database (docs/architecture.md, Layers), so a
 * backup of the database is a backup of everything and deleting an account deletes its files
 * atomically.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Who made it; null for rows the system made (recurring, bank sync) or a departed user. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').$type<ReceiptMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Hex SHA-256 of the content, for integrity checks and spotting duplicates. */
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    /** A PDF's page 1 as a PNG, the receipt's picture (an image receipt is its own picture). */
    pagePng: bytea('page_png'),
    /** What was read: merchant, total, date, category, confidences and the source. */
    reading: jsonb('reading').notNull(),
    /**
     * Who printed it, as the receipt shows it: the OCR header lines (the top lines before the
     * items, not the whole text), the tax or VAT id and the phone number. Null for receipts read
     * before shops were recognised and for readings without text (the AI endpoint's).
     */
    shop: jsonb('shop'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('receipts_household_created_idx').on(
      table.householdId,
      table.createdAt.desc().nullsFirst(),
    ),
    check(
      'receipts_mime_type',
      sql`${table.mimeType} IN ('image/jpeg', 'image/png', 'application/pdf')`,
    ),
  ],
);

export type ReceiptRow = typeof receipts.$inferSelect;

/**
 * What a household taught Moneta about a shop by correcting a receipt (docs/receipts.md): the
 * next receipt with the same tax id or phone, or similar header lines, gets this merchant and
 * category. One household's shops are never used for another's receipts.
 */
export const receiptShops = pgTable(
  'receipt_shops',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    /** Tax or VAT id as printed, upper case without spaces or punctuation. */
    taxId: text('tax_id'),
    /** Phone number, its digits only. */
    phone: text('phone'),
    /** The receipt's header lines, normalised (upper case letters and digits). */
    headerLines: text('header_lines').array().notNull(),
    merchant: text('merchant').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('receipt_shops_household_updated_idx').on(
      table.householdId,
      table.updatedAt.desc().nullsFirst(),
    ),
  ],
);

export type ReceiptShopRow = typeof receiptShops.$inferSelect;
