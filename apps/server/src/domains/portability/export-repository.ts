import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accounts,
  budgets,
  goals,
  hiddenCategories,
  savedFilters,
  receipts,
  receiptShops,
  recurringRules,
  rules,
  transactionAttachments,
  transactionSplits,
  transactions,
  transfers,
  userCategories,
  userExchangeRates,
} from '../../db/schema';

/** Where the previous page of a keyset read ended (the list order: newest first). */
export interface PageEnd {
  day: string;
  createdAt: Date;
  id: string;
}

/**
 * The reads of the export (docs/export-format.md): everything of one user, each query scoped
 * by their id. Large tables are read a page at a time along their list index, newest first, so
 * that memory holds one page whatever the history's length.
 */
export function createExportRepository(db: Executor) {
  return {
    /** True when the user holds a transaction or a transfer (a restore's target must not). */
    async holdsLedger(userId: string): Promise<boolean> {
      const result = await db.execute(sql`
        SELECT 1 FROM transactions WHERE user_id = ${userId}
        UNION ALL SELECT 1 FROM transfers WHERE user_id = ${userId} LIMIT 1`);
      return result.rows.length > 0;
    },

    accounts: (userId: string) =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id)),

    /**
     * The user's custom categories, then the built-in ones they hid; `hidden` only where true,
     * so that a record of a shown category is what the first exports wrote.
     */
    async categories(userId: string) {
      const result = await db.execute<{ name: string; is_income: boolean; hidden: boolean }>(sql`
        SELECT c.name, c.is_income,
               EXISTS (SELECT 1 FROM ${hiddenCategories} h
                       WHERE h.user_id = c.user_id AND h.is_income = c.is_income
                         AND h.name = c.name) AS hidden
        FROM ${userCategories} c WHERE c.user_id = ${userId}
        UNION ALL
        SELECT h.name, h.is_income, true FROM ${hiddenCategories} h
        WHERE h.user_id = ${userId} AND NOT EXISTS (
          SELECT 1 FROM ${userCategories} c
          WHERE c.user_id = h.user_id AND c.is_income = h.is_income AND c.name = h.name)
        ORDER BY 2, 1`);
      return result.rows.map((row) => ({
        name: row.name,
        isIncome: row.is_income,
        ...(row.hidden ? { hidden: true } : {}),
      }));
    },

    /** The user's attached files without their bytes, oldest first. */
    attachments: (userId: string) =>
      db
        .select({
          id: transactionAttachments.id,
          transactionId: transactionAttachments.transactionId,
          fileName: transactionAttachments.fileName,
          mimeType: transactionAttachments.mimeType,
          sizeBytes: transactionAttachments.sizeBytes,
          sha256: transactionAttachments.sha256,
          createdAt: transactionAttachments.createdAt,
        })
        .from(transactionAttachments)
        .where(eq(transactionAttachments.userId, userId))
        .orderBy(asc(transactionAttachments.createdAt), asc(transactionAttachments.id)),

    /** The bytes of a few of the user's attached files. */
    attachmentFiles(userId: string, ids: string[]) {
      return db
        .select({ id: transactionAttachments.id, content: transactionAttachments.content })
        .from(transactionAttachments)
        .where(
          and(eq(transactionAttachments.userId, userId), inArray(transactionAttachments.id, ids)),
        );
    },

    splits: (userId: string) =>
      db
        .select({
          transactionId: transactionSplits.transactionId,
          position: transactionSplits.position,
          category: transactionSplits.category,
          amountCents: transactionSplits.amountCents,
          note: transactionSplits.note,
        })
        .from(transactionSplits)
        .where(eq(transactionSplits.userId, userId))
        .orderBy(asc(transactionSplits.transactionId), asc(transactionSplits.position)),

    savedFilters: (userId: string) =>
      db
        .select({ name: savedFilters.name, query: savedFilters.query })
        .from(savedFilters)
        .where(eq(savedFilters.userId, userId))
        .orderBy(asc(savedFilters.createdAt), asc(savedFilters.id)),

    goals: (userId: string) =>
      db
        .select()
        .from(goals)
        .where(eq(goals.userId, userId))
        .orderBy(asc(goals.createdAt), asc(goals.id)),

    budgets: (userId: string) =>
      db
        .select()
        .from(budgets)
        .where(eq(budgets.userId, userId))
        .orderBy(asc(budgets.year), asc(budgets.month), asc(budgets.category)),

    recurring: (userId: string) =>
      db
        .select()
        .from(recurringRules)
        .where(eq(recurringRules.userId, userId))
        .orderBy(asc(recurringRules.createdAt), asc(recurringRules.id)),

    rules: (userId: string) =>
      db.select().from(rules).where(eq(rules.userId, userId)).orderBy(asc(rules.position)),

    rates: (userId: string) =>
      db
        .select()
        .from(userExchangeRates)
        .where(eq(userExchangeRates.userId, userId))
        .orderBy(asc(userExchangeRates.currency), asc(userExchangeRates.date)),

    receiptShops: (userId: string) =>
      db
        .select()
        .from(receiptShops)
        .where(eq(receiptShops.userId, userId))
        .orderBy(asc(receiptShops.createdAt), asc(receiptShops.id)),

    /** A page of the user's transactions in list order, after `after`. */
    transactionsPage(userId: string, after: PageEnd | undefined, limit: number) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.userId, userId),
            after
              ? sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${after.day}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(transactions.addedOn), desc(transactions.createdAt), desc(transactions.id))
        .limit(limit);
    },

    /** A page of the user's transfers in list order, after `after`. */
    transfersPage(userId: string, after: PageEnd | undefined, limit: number) {
      return db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.userId, userId),
            after
              ? sql`(${transfers.date}, ${transfers.createdAt}, ${transfers.id}) < (${after.day}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
        .limit(limit);
    },

    /** A page of the user's receipts without their files, newest first, after `after`. */
    receiptsPage(userId: string, after: Omit<PageEnd, 'day'> | undefined, limit: number) {
      return db
        .select({
          id: receipts.id,
          fileName: receipts.fileName,
          mimeType: receipts.mimeType,
          sizeBytes: receipts.sizeBytes,
          sha256: receipts.sha256,
          reading: receipts.reading,
          shop: receipts.shop,
          createdAt: receipts.createdAt,
          hasPage: sql<boolean>`${receipts.pagePng} IS NOT NULL`,
        })
        .from(receipts)
        .where(
          and(
            eq(receipts.userId, userId),
            after
              ? sql`(${receipts.createdAt}, ${receipts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit);
    },

    /** The files of a few of the user's receipts. */
    receiptFiles(userId: string, ids: string[]) {
      return db
        .select({ id: receipts.id, content: receipts.content, pagePng: receipts.pagePng })
        .from(receipts)
        .where(and(eq(receipts.userId, userId), inArray(receipts.id, ids)));
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
