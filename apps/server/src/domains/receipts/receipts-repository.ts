import type { ReceiptMimeType } from '@moneta/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { receipts, transactions, type ReceiptRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ReceiptView } from './signed-urls';

export type NewReceipt = Omit<ReceiptRow, 'id' | 'userId' | 'createdAt'>;
export type ReceiptSummaryRow = Omit<ReceiptRow, 'content' | 'pagePng'> & {
  transactionId: string | null;
};

/** The listing never reads the files themselves. */
const summaryColumns = {
  id: receipts.id,
  userId: receipts.userId,
  fileName: receipts.fileName,
  mimeType: receipts.mimeType,
  sizeBytes: receipts.sizeBytes,
  sha256: receipts.sha256,
  reading: receipts.reading,
  createdAt: receipts.createdAt,
  transactionId: transactions.id,
};

export function createReceiptsRepository(db: Executor) {
  return {
    async insert(userId: string, receipt: NewReceipt): Promise<ReceiptRow> {
      const [row] = await db
        .insert(receipts)
        .values({ id: newId(), userId, ...receipt })
        .returning();
      return row!;
    },

    async list(userId: string, limit: number): Promise<ReceiptSummaryRow[]> {
      // A receipt has at most one expense (created with it); it may have been deleted since.
      return db
        .select(summaryColumns)
        .from(receipts)
        .leftJoin(
          transactions,
          and(eq(transactions.receiptId, receipts.id), eq(transactions.userId, receipts.userId)),
        )
        .where(eq(receipts.userId, userId))
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit);
    },

    /**
     * What a receipt URL shows — the uploaded file, or its picture (an image is its own, a PDF
     * has its page 1 as a PNG) — scoped to its owner for token access; by id alone only after a
     * signed URL (which is only ever handed to the owner) has been verified.
     */
    async findView(
      id: string,
      view: ReceiptView,
      owner: { userId: string } | 'verified-signature',
    ): Promise<{ content: Buffer; mimeType: ReceiptMimeType; fileName: string } | undefined> {
      const byId = eq(receipts.id, id);
      // Only the blob shown is read: a PDF's picture is its page PNG, not the PDF.
      const isPageImage = sql<boolean>`${view === 'image'} AND ${receipts.mimeType} = 'application/pdf'`;
      const [row] = await db
        .select({
          content: sql<Buffer | null>`CASE WHEN ${isPageImage} THEN ${receipts.pagePng} ELSE ${receipts.content} END`,
          isPageImage,
          mimeType: receipts.mimeType,
          fileName: receipts.fileName,
        })
        .from(receipts)
        .where(owner === 'verified-signature' ? byId : and(byId, eq(receipts.userId, owner.userId)))
        .limit(1);
      if (!row?.content) return undefined;
      if (!row.isPageImage) return { ...row, content: row.content };
      return {
        content: row.content,
        mimeType: 'image/png',
        fileName: `${row.fileName.replace(/\.pdf$/i, '')}-page-1.png`,
      };
    },

    /** The user's recent expenses' merchant → category, newest first (reading hints). */
    async merchantCategories(userId: string, limit = 500) {
      return db
        .selectDistinctOn([transactions.name], {
          merchant: transactions.name,
          category: transactions.category,
        })
        .from(transactions)
        .where(and(eq(transactions.userId, userId), eq(transactions.isIncome, false)))
        .orderBy(transactions.name, desc(transactions.addedOn))
        .limit(limit);
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
