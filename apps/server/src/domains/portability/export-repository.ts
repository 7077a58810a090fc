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
import type { HouseholdId } from '../households/household-id';

/** Where the previous page of a keyset read ended (the list order: newest first). */
export interface PageEnd {
  day: string;
  createdAt: Date;
  id: string;
}

/**
 * The reads of the export (docs/export-format.md): everything of one household (and the
 * exporting member's saved searches, which are theirs), each query scoped by its id. Large tables are read a page at a time along their list index, newest first, so
 * that memory holds one page whatever the history's length.
 */
export function createExportRepository(db: Executor) {
  return {
    /** True when the household holds a transaction or a transfer (a restore's target must not). */
    async holdsLedger(householdId: HouseholdId): Promise<boolean> {
      const result = await db.execute(sql`
        SELECT 1 FROM transactions WHERE household_id = ${householdId}
        UNION ALL SELECT 1 FROM transfers WHERE household_id = ${householdId} LIMIT 1`);
      return result.rows.length > 0;
    },

    accounts: (householdId: HouseholdId) =>
      db
        .select()
        .from(accounts)
        .where(eq(accounts.householdId, householdId))
        .orderBy(asc(accounts.createdAt), asc(accounts.id)),

    /**
     * The household's custom categories, then the built-in ones it hid; `hidden` only where true,
     * so that a record of a shown category is what the first exports wrote.
     */
    async categories(householdId: HouseholdId) {
      const result = await db.execute<{ name: string; is_income: boolean; hidden: boolean }>(sql`
        SELECT c.name, c.is_income,
               EXISTS (SELECT 1 FROM ${hiddenCategories} h
                       WHERE h.household_id = c.household_id AND h.is_income = c.is_income
                         AND h.name = c.name) AS hidden
        FROM ${userCategories} c WHERE c.household_id = ${householdId}
        UNION ALL
        SELECT h.name, h.is_income, true FROM ${hiddenCategories} h
        WHERE h.household_id = ${householdId} AND NOT EXISTS (
          SELECT 1 FROM ${userCategories} c
          WHERE c.household_id = h.household_id AND c.is_income = h.is_income AND c.name = h.name)
        ORDER BY 2, 1`);
      return result.rows.map((row) => ({
        name: row.name,
        isIncome: row.is_income,
        ...(row.hidden ? { hidden: true } : {}),
      }));
    },

    /** The user's attached files without their bytes, oldest first. */
    attachments: (householdId: HouseholdId) =>
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
        .where(eq(transactionAttachments.householdId, householdId))
        .orderBy(asc(transactionAttachments.createdAt), asc(transactionAttachments.id)),

    /** The bytes of a few of the household's attached files. */
    attachmentFiles(householdId: HouseholdId, ids: string[]) {
      return db
        .select({ id: transactionAttachments.id, content: transactionAttachments.content })
        .from(transactionAttachments)
        .where(
          and(
            eq(transactionAttachments.householdId, householdId),
            inArray(transactionAttachments.id, ids),
          ),
        );
    },

    splits: (householdId: HouseholdId) =>
      db
        .select({
          transactionId: transactionSplits.transactionId,
          position: transactionSplits.position,
          category: transactionSplits.category,
          amountCents: transactionSplits.amountCents,
          note: transactionSplits.note,
        })
        .from(transactionSplits)
        .where(eq(transactionSplits.householdId, householdId))
        .orderBy(asc(transactionSplits.transactionId), asc(transactionSplits.position)),

    /** The exporting member's saved searches (they are each user's own). */
    savedFilters: (userId: string) =>
      db
        .select({ name: savedFilters.name, query: savedFilters.query })
        .from(savedFilters)
        .where(eq(savedFilters.userId, userId))
        .orderBy(asc(savedFilters.createdAt), asc(savedFilters.id)),

    goals: (householdId: HouseholdId) =>
      db
        .select()
        .from(goals)
        .where(eq(goals.householdId, householdId))
        .orderBy(asc(goals.createdAt), asc(goals.id)),

    budgets: (householdId: HouseholdId) =>
      db
        .select()
        .from(budgets)
        .where(eq(budgets.householdId, householdId))
        .orderBy(asc(budgets.year), asc(budgets.month), asc(budgets.category)),

    recurring: (householdId: HouseholdId) =>
      db
        .select()
        .from(recurringRules)
        .where(eq(recurringRules.householdId, householdId))
        .orderBy(asc(recurringRules.createdAt), asc(recurringRules.id)),

    rules: (householdId: HouseholdId) =>
      db
        .select()
        .from(rules)
        .where(eq(rules.householdId, householdId))
        .orderBy(asc(rules.position)),

    rates: (householdId: HouseholdId) =>
      db
        .select()
        .from(userExchangeRates)
        .where(eq(userExchangeRates.householdId, householdId))
        .orderBy(asc(userExchangeRates.currency), asc(userExchangeRates.date)),

    receiptShops: (householdId: HouseholdId) =>
      db
        .select()
        .from(receiptShops)
        .where(eq(receiptShops.householdId, householdId))
        .orderBy(asc(receiptShops.createdAt), asc(receiptShops.id)),

    /** A page of the household's transactions in list order, after `after`. */
    transactionsPage(householdId: HouseholdId, after: PageEnd | undefined, limit: number) {
      return db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.householdId, householdId),
            after
              ? sql`(${transactions.addedOn}, ${transactions.createdAt}, ${transactions.id}) < (${after.day}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(transactions.addedOn), desc(transactions.createdAt), desc(transactions.id))
        .limit(limit);
    },

    /** A page of the household's transfers in list order, after `after`. */
    transfersPage(householdId: HouseholdId, after: PageEnd | undefined, limit: number) {
      return db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.householdId, householdId),
            after
              ? sql`(${transfers.date}, ${transfers.createdAt}, ${transfers.id}) < (${after.day}::date, ${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
        .limit(limit);
    },

    /** A page of the household's receipts without their files, newest first, after `after`. */
    receiptsPage(householdId: HouseholdId, after: Omit<PageEnd, 'day'> | undefined, limit: number) {
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
          createdBy: receipts.createdBy,
          updatedBy: receipts.updatedBy,
          hasPage: sql<boolean>`${receipts.pagePng} IS NOT NULL`,
        })
        .from(receipts)
        .where(
          and(
            eq(receipts.householdId, householdId),
            after
              ? sql`(${receipts.createdAt}, ${receipts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit);
    },

    /** The files of a few of the household's receipts. */
    receiptFiles(householdId: HouseholdId, ids: string[]) {
      return db
        .select({ id: receipts.id, content: receipts.content, pagePng: receipts.pagePng })
        .from(receipts)
        .where(and(eq(receipts.householdId, householdId), inArray(receipts.id, ids)));
    },
  };
}

export type ExportRepository = ReturnType<typeof createExportRepository>;
