import { createHash } from 'node:crypto';
import {
  type Attachment,
  ATTACHMENT_MESSAGES,
  ErrorCode,
  MAX_ATTACHMENTS_PER_TRANSACTION,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/app-error';
import type { StoredFile } from '../../http/file-reply';
import { isId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import { detectMimeType } from '../receipts/mime-type';
import { safeFileName, type ReceiptsService } from '../receipts/receipts-service';
import { type AttachmentSummaryRow, createAttachmentsRepository } from './attachments-repository';

const transactionNotFound = () =>
  notFound('Transaction not found.', ErrorCode.TRANSACTION_NOT_FOUND);
const attachmentNotFound = () => notFound('Attachment not found.', ErrorCode.ATTACHMENT_NOT_FOUND);

function toAttachmentDto(row: AttachmentSummaryRow): Attachment {
  return {
    _id: row.id,
    transactionId: row.transactionId,
    fileName: row.fileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    isReceipt: row.isReceipt,
  };
}

/**
 * Files held by transactions (docs/api.md, Attachments). A receipt's file is not copied: it is read
 * through as its expense's first attachment, with the receipt's id (docs/decisions.md,
 * TXN-20).
 */
export function createAttachmentsService(
  db: Database,
  receipts: Pick<ReceiptsService, 'fileOf' | 'remove'>,
) {
  const attachments = createAttachmentsRepository(db);

  async function ownTransaction(householdId: HouseholdId, transactionId: string) {
    if (!isId(transactionId)) throw transactionNotFound();
    const transaction = await attachments.findTransaction(householdId, transactionId);
    if (!transaction) throw transactionNotFound();
    return transaction;
  }

  return {
    /** Before an upload is read: another household's transaction is a 404 whatever the body. */
    async assertOwnTransaction(householdId: HouseholdId, transactionId: string): Promise<void> {
      await ownTransaction(householdId, transactionId);
    },

    async list(householdId: HouseholdId, transactionId: string): Promise<Attachment[]> {
      const transaction = await ownTransaction(householdId, transactionId);
      return (await attachments.list(householdId, transaction)).map(toAttachmentDto);
    },

    /**
     * Attaches a JPG, PNG or PDF (by its bytes, whatever its name says) to one of the
     * household's transactions: at most MAX_ATTACHMENTS_PER_TRANSACTION files, each file once.
     */
    async add(
      householdId: HouseholdId,
      userId: string,
      transactionId: string,
      file: { bytes: Buffer; fileName: string },
    ): Promise<Attachment> {
      if (!isId(transactionId)) throw transactionNotFound();
      const mimeType = detectMimeType(file.bytes);
      if (!mimeType) {
        throw new AppError(415, ErrorCode.UNSUPPORTED_FILE_TYPE, ATTACHMENT_MESSAGES.wrongType);
      }
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      return db.transaction(async (tx) => {
        const repository = createAttachmentsRepository(tx);
        const transaction = await repository.findTransaction(householdId, transactionId, {
          lock: true,
        });
        if (!transaction) throw transactionNotFound();
        const held = await repository.list(householdId, transaction);
        const same = held.find((attachment) => attachment.sha256 === sha256);
        if (same) {
          throw conflict(
            `This file is attached to this transaction already, as ${same.fileName}.`,
            ErrorCode.ATTACHMENT_EXISTS,
          );
        }
        if (held.length >= MAX_ATTACHMENTS_PER_TRANSACTION) {
          throw conflict(
            `A transaction holds at most ${MAX_ATTACHMENTS_PER_TRANSACTION} files; delete one first.`,
            ErrorCode.TOO_MANY_ATTACHMENTS,
          );
        }
        const row = await repository.insert({ householdId, userId }, transactionId, {
          fileName: safeFileName(file.fileName, mimeType, 'attachment'),
          mimeType,
          sizeBytes: file.bytes.length,
          sha256,
          content: file.bytes,
        });
        return toAttachmentDto(row);
      });
    },

    /** The file itself: an attached one, or the transaction's receipt. */
    async file(householdId: HouseholdId, transactionId: string, id: string): Promise<StoredFile> {
      const transaction = await ownTransaction(householdId, transactionId);
      if (!isId(id)) throw attachmentNotFound();
      const found =
        id === transaction.receiptId
          ? await receipts.fileOf(householdId, id)
          : await attachments.findFile(householdId, transaction.id, id);
      if (!found) throw attachmentNotFound();
      return found;
    },

    /**
     * Deletes one file of the transaction. Deleting the receipt's file deletes the receipt (its
     * reading goes with it; the expense stays): the user asked for the file to be gone.
     */
    async remove(householdId: HouseholdId, transactionId: string, id: string): Promise<void> {
      if (!isId(transactionId)) throw transactionNotFound();
      if (!isId(id)) throw attachmentNotFound();
      await db.transaction(async (tx) => {
        const transaction = await createAttachmentsRepository(tx).findTransaction(
          householdId,
          transactionId,
          { lock: true },
        );
        if (!transaction) throw transactionNotFound();
        const isDeleted =
          id === transaction.receiptId
            ? await receipts.remove(tx, householdId, id)
            : await createAttachmentsRepository(tx).delete(householdId, transaction.id, id);
        if (!isDeleted) throw attachmentNotFound();
      });
    },
  };
}

export type AttachmentsService = ReturnType<typeof createAttachmentsService>;
