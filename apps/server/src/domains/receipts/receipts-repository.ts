import type { ReceiptMimeType } from '@moneta/shared';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  receipts,
  receiptShops,
  transactionAttachments,
  transactions,
  type ReceiptRow,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';
import { isSameShop, normalizeHeaderLine, type ShopFingerprint } from './extract/shop-fingerprint';
import type { ReceiptView } from './signed-urls';

/** Taught shops compared by their header lines when no tax id or phone matches. */
const HEADER_MATCH_CANDIDATES = 200;

/**
 * `createdAt` is given only by a restore, which keeps the exported one (else: now); so are the
 * authors (else: the member who writes it).
 */
export type NewReceipt = Omit<
  ReceiptRow,
  'id' | 'userId' | 'householdId' | 'createdBy' | 'updatedBy' | 'createdAt'
> & { createdAt?: Date; createdBy?: string | null; updatedBy?: string | null };
export type ReceiptSummaryRow = Omit<ReceiptRow, 'content' | 'pagePng' | 'householdId'> & {
  transactionId: string | null;
};

/** Whose: the household's receipts, written by `userId`. */
export interface ReceiptsOwner {
  householdId: HouseholdId;
  userId: string;
}

/** A receipt's expense: the household's transaction that names it. */
const expenseOf = and(
  eq(transactions.receiptId, receipts.id),
  eq(transactions.householdId, receipts.householdId),
);

/** The listing never reads the files themselves. */
const summaryColumns = {
  id: receipts.id,
  userId: receipts.userId,
  createdBy: receipts.createdBy,
  updatedBy: receipts.updatedBy,
  fileName: receipts.fileName,
  mimeType: receipts.mimeType,
  sizeBytes: receipts.sizeBytes,
  sha256: receipts.sha256,
  reading: receipts.reading,
  shop: receipts.shop,
  createdAt: receipts.createdAt,
  transactionId: transactions.id,
};

export function createReceiptsRepository(db: Executor) {
  return {
    /**
     * Inserts receipts in one statement (a restore); their ids, in order. Who made and last
     * changed each is given (a restore keeps them where they are members), else the restorer.
     */
    async insertMany(
      { householdId, userId }: ReceiptsOwner,
      values: NewReceipt[],
    ): Promise<string[]> {
      if (values.length === 0) return [];
      const rows = values.map((receipt) => ({
        id: newId(),
        userId,
        householdId,
        createdBy: userId,
        updatedBy: userId,
        ...receipt,
      }));
      await db.insert(receipts).values(rows);
      return rows.map((row) => row.id);
    },

    async insert({ householdId, userId }: ReceiptsOwner, receipt: NewReceipt): Promise<ReceiptRow> {
      const [row] = await db
        .insert(receipts)
        .values({
          id: newId(),
          userId,
          householdId,
          createdBy: userId,
          updatedBy: userId,
          ...receipt,
        })
        .returning();
      return row!;
    },

    /**
     * The expense an earlier upload of the same file (by its SHA-256) made, if that expense still
     * exists. The advisory lock, held to the end of the DB transaction, makes two uploads of one
     * file at the same moment wait for each other, so the second sees the first's expense.
     */
    async findExpenseOfFile(
      householdId: HouseholdId,
      sha256: string,
      options: { lock?: boolean } = {},
    ): Promise<
      | { name: string; addedOn: string; transactionId: string; source: 'receipt' | 'attachment' }
      | undefined
    > {
      if (options.lock) {
        await db.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`receipt:${householdId}:${sha256}`}, 0))`,
        );
      }
      const expense = {
        name: transactions.name,
        addedOn: transactions.addedOn,
        transactionId: transactions.id,
      };
      const [row] = await db
        .select(expense)
        .from(receipts)
        .innerJoin(transactions, expenseOf)
        .where(and(eq(receipts.householdId, householdId), eq(receipts.sha256, sha256)))
        .orderBy(desc(receipts.createdAt))
        .limit(1);
      if (row) return { ...row, source: 'receipt' };
      // A receipt's file is its expense's attachment: the same file attached by hand to an
      // expense is that expense's receipt too.
      const [attached] = await db
        .select(expense)
        .from(transactionAttachments)
        .innerJoin(
          transactions,
          and(
            eq(transactions.id, transactionAttachments.transactionId),
            eq(transactions.householdId, transactionAttachments.householdId),
          ),
        )
        .where(
          and(
            eq(transactionAttachments.householdId, householdId),
            eq(transactionAttachments.sha256, sha256),
            eq(transactions.isIncome, false),
          ),
        )
        .orderBy(desc(transactionAttachments.createdAt))
        .limit(1);
      return attached ? { ...attached, source: 'attachment' } : undefined;
    },

    /** One of the household's receipts with its expense's id, locked for a review. */
    async findForUpdate(
      householdId: HouseholdId,
      id: string,
    ): Promise<ReceiptSummaryRow | undefined> {
      const [row] = await db
        .select(summaryColumns)
        .from(receipts)
        .leftJoin(transactions, expenseOf)
        .where(and(eq(receipts.id, id), eq(receipts.householdId, householdId)))
        .for('update', { of: receipts })
        .limit(1);
      return row;
    },

    async updateReading(
      { householdId, userId }: ReceiptsOwner,
      id: string,
      reading: unknown,
    ): Promise<void> {
      await db
        .update(receipts)
        .set({ reading, updatedBy: userId })
        .where(and(eq(receipts.id, id), eq(receipts.householdId, householdId)));
    },

    /** What the household taught about the shop that printed this receipt, if anything. */
    async findTaughtShop(householdId: HouseholdId, shop: ShopFingerprint) {
      const byIds = [
        ...(shop.taxId ? [eq(receiptShops.taxId, shop.taxId)] : []),
        ...(shop.phone ? [eq(receiptShops.phone, shop.phone)] : []),
      ];
      const candidates = await db
        .select()
        .from(receiptShops)
        .where(
          and(
            eq(receiptShops.householdId, householdId),
            byIds.length > 0 ? or(...byIds) : undefined,
          ),
        )
        .orderBy(desc(receiptShops.updatedAt))
        .limit(HEADER_MATCH_CANDIDATES);
      const fromIds = candidates.find((taught) => isSameShop(taught, shop));
      if (fromIds || byIds.length === 0) return fromIds;
      const recent = await db
        .select()
        .from(receiptShops)
        .where(eq(receiptShops.householdId, householdId))
        .orderBy(desc(receiptShops.updatedAt))
        .limit(HEADER_MATCH_CANDIDATES);
      return recent.find((taught) => isSameShop(taught, shop));
    },

    /** Remembers the household's merchant and category for the shop that printed `shop`. */
    async teachShop(
      { householdId, userId }: ReceiptsOwner,
      shop: ShopFingerprint,
      taught: { merchant: string; category: string },
    ): Promise<void> {
      const known = await this.findTaughtShop(householdId, shop);
      const values = {
        taxId: shop.taxId ?? known?.taxId ?? null,
        phone: shop.phone ?? known?.phone ?? null,
        headerLines: shop.header.map(normalizeHeaderLine).filter((line) => line.length > 0),
        ...taught,
      };
      if (known) {
        await db
          .update(receiptShops)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(receiptShops.id, known.id), eq(receiptShops.householdId, householdId)));
      } else {
        await db.insert(receiptShops).values({ id: newId(), userId, householdId, ...values });
      }
    },

    /**
     * Deletes one of the household's receipts, file and reading (its expense stays, without it:
     * the foreign key sets its receipt_id to null). False when there was none.
     */
    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(receipts)
        .where(and(eq(receipts.id, id), eq(receipts.householdId, householdId)))
        .returning({ id: receipts.id });
      return deleted.length > 0;
    },

    /** What the household taught about shops follows a category rename or merge. */
    async moveTaughtCategory(householdId: HouseholdId, from: string, to: string): Promise<void> {
      await db
        .update(receiptShops)
        // updated_at orders the taught shops by when the user taught them: a rename is not that.
        .set({ category: to })
        .where(and(eq(receiptShops.householdId, householdId), eq(receiptShops.category, from)));
    },

    async list(householdId: HouseholdId, limit: number): Promise<ReceiptSummaryRow[]> {
      // A receipt has at most one expense (created with it); it may have been deleted since.
      return db
        .select(summaryColumns)
        .from(receipts)
        .leftJoin(transactions, expenseOf)
        .where(eq(receipts.householdId, householdId))
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit);
    },

    /**
     * What a receipt URL shows — the uploaded file, or its picture (an image is its own, a PDF
     * has its page 1 as a PNG) — scoped to its household for token access; by id alone only
     * after a signed URL (which is only ever handed to its household's members) has been verified.
     */
    async findView(
      id: string,
      view: ReceiptView,
      owner: { householdId: HouseholdId } | 'verified-signature',
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
        .where(
          owner === 'verified-signature'
            ? byId
            : and(byId, eq(receipts.householdId, owner.householdId)),
        )
        .limit(1);
      if (!row?.content) return undefined;
      if (!row.isPageImage) return { ...row, content: row.content };
      return {
        content: row.content,
        mimeType: 'image/png',
        fileName: `${row.fileName.replace(/\.pdf$/i, '')}-page-1.png`,
      };
    },

    /** The household's recent expenses' merchant → category, newest first (reading hints). */
    async merchantCategories(householdId: HouseholdId, limit = 500) {
      return db
        .selectDistinctOn([transactions.name], {
          merchant: transactions.name,
          category: transactions.category,
        })
        .from(transactions)
        .where(and(eq(transactions.householdId, householdId), eq(transactions.isIncome, false)))
        .orderBy(transactions.name, desc(transactions.addedOn))
        .limit(limit);
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
