import type { ReceiptMimeType } from '@moneta/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { receipts, transactionAttachments, transactions } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';

/** What a listing shows of a file: never its bytes. */
export interface AttachmentSummaryRow {
  id: string;
  transactionId: string;
  fileName: string;
  mimeType: ReceiptMimeType;
  sizeBytes: number;
  sha256: string;
  createdAt: Date;
  isReceipt: boolean;
}

export interface NewAttachment {
  fileName: string;
  mimeType: ReceiptMimeType;
  sizeBytes: number;
  sha256: string;
  content: Buffer;
}

const attachmentColumns = {
  id: transactionAttachments.id,
  transactionId: transactionAttachments.transactionId,
  fileName: transactionAttachments.fileName,
  mimeType: transactionAttachments.mimeType,
  sizeBytes: transactionAttachments.sizeBytes,
  sha256: transactionAttachments.sha256,
  createdAt: transactionAttachments.createdAt,
};

export function createAttachmentsRepository(db: Executor) {
  return {
    /**
     * One of the household's transactions with its receipt's id, or undefined. `lock` holds the
     * row to the end of the DB transaction, so that two uploads to it count each other's files.
     */
    async findTransaction(
      householdId: HouseholdId,
      transactionId: string,
      options: { lock?: boolean } = {},
    ): Promise<{ id: string; receiptId: string | null } | undefined> {
      const query = db
        .select({ id: transactions.id, receiptId: transactions.receiptId })
        .from(transactions)
        .where(and(eq(transactions.id, transactionId), eq(transactions.householdId, householdId)))
        .limit(1);
      const [row] = options.lock ? await query.for('no key update') : await query;
      return row;
    },

    /** A transaction's files: its receipt first (when it has one), then the rest as attached. */
    async list(
      householdId: HouseholdId,
      transaction: { id: string; receiptId: string | null },
    ): Promise<AttachmentSummaryRow[]> {
      const attached = await db
        .select(attachmentColumns)
        .from(transactionAttachments)
        .where(
          and(
            eq(transactionAttachments.householdId, householdId),
            eq(transactionAttachments.transactionId, transaction.id),
          ),
        )
        .orderBy(asc(transactionAttachments.createdAt), asc(transactionAttachments.id));
      const rows = attached.map((row) => ({ ...row, isReceipt: false }));
      if (!transaction.receiptId) return rows;
      const [receipt] = await db
        .select({
          id: receipts.id,
          fileName: receipts.fileName,
          mimeType: receipts.mimeType,
          sizeBytes: receipts.sizeBytes,
          sha256: receipts.sha256,
          createdAt: receipts.createdAt,
        })
        .from(receipts)
        .where(and(eq(receipts.id, transaction.receiptId), eq(receipts.householdId, householdId)));
      return receipt
        ? [{ ...receipt, transactionId: transaction.id, isReceipt: true }, ...rows]
        : rows;
    },

    /** Attaches a file, `userId` attaching it to one of the household's transactions. */
    async insert(
      { householdId, userId }: { householdId: HouseholdId; userId: string },
      transactionId: string,
      file: NewAttachment,
    ): Promise<AttachmentSummaryRow> {
      const [row] = await db
        .insert(transactionAttachments)
        .values({ id: newId(), userId, householdId, transactionId, ...file })
        .returning(attachmentColumns);
      return { ...row!, isReceipt: false };
    },

    /** The bytes of one attached file of one of the household's transactions. */
    async findFile(householdId: HouseholdId, transactionId: string, id: string) {
      const [row] = await db
        .select({
          content: transactionAttachments.content,
          mimeType: transactionAttachments.mimeType,
          fileName: transactionAttachments.fileName,
        })
        .from(transactionAttachments)
        .where(
          and(
            eq(transactionAttachments.id, id),
            eq(transactionAttachments.transactionId, transactionId),
            eq(transactionAttachments.householdId, householdId),
          ),
        )
        .limit(1);
      return row;
    },

    async delete(householdId: HouseholdId, transactionId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(transactionAttachments)
        .where(
          and(
            eq(transactionAttachments.id, id),
            eq(transactionAttachments.transactionId, transactionId),
            eq(transactionAttachments.householdId, householdId),
          ),
        )
        .returning({ id: transactionAttachments.id });
      return deleted.length > 0;
    },
  };
}

export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>;
