import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  accounts,
  budgets,
  goals,
  savedFilters,
  receipts,
  receiptShops,
  recurringRules,
  rules,
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

    categories: (userId: string) =>
      db
        .select({ name: userCategories.name, isIncome: userCategories.isIncome })
        .from(userCategories)
        .where(eq(userCategories.userId, userId))
        .orderBy(asc(userCategories.isIncome), asc(userCategories.name)),

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
