import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { receipts, transactions, type ReceiptRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type NewReceipt = Omit<ReceiptRow, 'id' | 'userId' | 'createdAt'>;
export type ReceiptSummaryRow = Omit<ReceiptRow, 'content'> & { transactionId: string | null };

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
     * The file of a receipt: scoped to its owner for token access; by id alone only after a
     * signed URL (which is only ever handed to the owner) has been verified.
     */
    async findFile(
      id: string,
      owner: { userId: string } | 'verified-signature',
    ): Promise<Pick<ReceiptRow, 'content' | 'mimeType' | 'fileName'> | undefined> {
      const byId = eq(receipts.id, id);
      const [row] = await db
        .select({
          content: receipts.content,
          mimeType: receipts.mimeType,
          fileName: receipts.fileName,
        })
        .from(receipts)
        .where(owner === 'verified-signature' ? byId : and(byId, eq(receipts.userId, owner.userId)))
        .limit(1);
      return row;
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
