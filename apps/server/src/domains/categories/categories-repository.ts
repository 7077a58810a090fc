import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { hiddenCategories, transactionTotals, userCategories } from '../../db/schema';
import { defaultHouseholdSql } from '../households/default-household';

/** One custom category of a user. */
export interface CategoryKey {
  userId: string;
  name: string;
  isIncome: boolean;
}

export function createCategoriesRepository(db: Executor) {
  return {
    /** The user's custom category names of one kind, A→Z ignoring letter case. */
    async listCustom(userId: string, isIncome: boolean): Promise<string[]> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(and(eq(userCategories.userId, userId), eq(userCategories.isIncome, isIncome)))
        .orderBy(sql`lower(${userCategories.name})`, asc(userCategories.name));
      return rows.map((row) => row.name);
    },

    /** Adds the categories that are not stored yet. */
    async addMany(categories: CategoryKey[]): Promise<void> {
      await db.insert(userCategories).values(categories).onConflictDoNothing();
    },

    /** Adds one category; false when the user has it already. */
    async add(category: CategoryKey): Promise<boolean> {
      const added = await db
        .insert(userCategories)
        .values(category)
        .onConflictDoNothing()
        .returning({ name: userCategories.name });
      return added.length > 0;
    },

    /** Removes the custom categories with this name; returns the kinds (income?) removed. */
    async remove(userId: string, name: string): Promise<boolean[]> {
      const removed = await db
        .delete(userCategories)
        .where(and(eq(userCategories.userId, userId), eq(userCategories.name, name)))
        .returning({ isIncome: userCategories.isIncome });
      return removed.map((row) => row.isIncome);
    },

    /** Removes one custom category of one kind; false when the user has no such category. */
    async removeKind(category: CategoryKey): Promise<boolean> {
      const removed = await db
        .delete(userCategories)
        .where(
          and(
            eq(userCategories.userId, category.userId),
            eq(userCategories.isIncome, category.isIncome),
            eq(userCategories.name, category.name),
          ),
        )
        .returning({ name: userCategories.name });
      return removed.length > 0;
    },

    /** Category changes of one user wait for each other, so that two merges never cross. */
    async lockUser(userId: string): Promise<void> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`categories:${userId}`}, 0))`,
      );
    },

    /** The names the user hid, as `isIncome|name` keys. */
    async listHidden(userId: string): Promise<CategoryKey[]> {
      return db
        .select({
          userId: hiddenCategories.userId,
          name: hiddenCategories.name,
          isIncome: hiddenCategories.isIncome,
        })
        .from(hiddenCategories)
        .where(eq(hiddenCategories.userId, userId));
    },

    /** Hides (true) or shows again (false) one category of one kind. */
    async setHidden(category: CategoryKey, hidden: boolean): Promise<void> {
      if (hidden) {
        await db.insert(hiddenCategories).values(category).onConflictDoNothing();
        return;
      }
      await db
        .delete(hiddenCategories)
        .where(
          and(
            eq(hiddenCategories.userId, category.userId),
            eq(hiddenCategories.isIncome, category.isIncome),
            eq(hiddenCategories.name, category.name),
          ),
        );
    },

    async isHidden(category: CategoryKey): Promise<boolean> {
      const rows = await db
        .select({ name: hiddenCategories.name })
        .from(hiddenCategories)
        .where(
          and(
            eq(hiddenCategories.userId, category.userId),
            eq(hiddenCategories.isIncome, category.isIncome),
            eq(hiddenCategories.name, category.name),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** How many transactions each category of each kind holds (from the kept totals). */
    async transactionCounts(userId: string): Promise<Map<string, number>> {
      const rows = await db
        .select({
          isIncome: transactionTotals.isIncome,
          category: transactionTotals.category,
          count: transactionTotals.transactionCount,
        })
        .from(transactionTotals)
        .where(eq(transactionTotals.householdId, defaultHouseholdSql(userId)));
      return new Map(rows.map((row) => [`${row.isIncome}|${row.category}`, Number(row.count)]));
    },

    /**
     * The user's custom categories of one kind whose name equals `name` ignoring case and
     * surrounding spaces (Food, FOOD, " fOOd "), as stored.
     */
    async sameIgnoringCase(userId: string, name: string, isIncome: boolean): Promise<string[]> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(
          and(
            eq(userCategories.userId, userId),
            eq(userCategories.isIncome, isIncome),
            sql`lower(btrim(${userCategories.name})) = lower(btrim(${name}))`,
          ),
        );
      return rows.map((row) => row.name);
    },

    async exists(userId: string, name: string, kinds: boolean[]): Promise<boolean> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(
          and(
            eq(userCategories.userId, userId),
            eq(userCategories.name, name),
            inArray(userCategories.isIncome, kinds),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type CategoriesRepository = ReturnType<typeof createCategoriesRepository>;
