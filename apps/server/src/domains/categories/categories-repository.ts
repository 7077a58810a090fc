import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { hiddenCategories, transactionTotals, userCategories } from '../../db/schema';
import type { HouseholdId } from '../households/household-id';

/** One custom category of a household; `userId` is who added it (null: no member). */
export interface HouseholdCategory {
  householdId: HouseholdId;
  userId: string | null;
  name: string;
  isIncome: boolean;
}

/** A category to remember in a household. */
export type CategoryKey = HouseholdCategory;

export function createCategoriesRepository(db: Executor) {
  return {
    /** The household's custom category names of one kind, A→Z ignoring letter case. */
    async listCustom(householdId: HouseholdId, isIncome: boolean): Promise<string[]> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(
          and(eq(userCategories.householdId, householdId), eq(userCategories.isIncome, isIncome)),
        )
        .orderBy(sql`lower(${userCategories.name})`, asc(userCategories.name));
      return rows.map((row) => row.name);
    },

    /**
     * Adds the categories that are not stored yet; one without a household goes to its user's
     * default one (the household-fill trigger, while the transactions domain names only users).
     */
    async addMany(categories: CategoryKey[]): Promise<void> {
      await db.insert(userCategories).values(categories).onConflictDoNothing();
    },

    /** Adds one category; false when the household has it already. */
    async add(category: HouseholdCategory): Promise<boolean> {
      const added = await db
        .insert(userCategories)
        .values(category)
        .onConflictDoNothing()
        .returning({ name: userCategories.name });
      return added.length > 0;
    },

    /** Removes the custom categories with this name; returns the kinds (income?) removed. */
    async remove(householdId: HouseholdId, name: string): Promise<boolean[]> {
      const removed = await db
        .delete(userCategories)
        .where(and(eq(userCategories.householdId, householdId), eq(userCategories.name, name)))
        .returning({ isIncome: userCategories.isIncome });
      return removed.map((row) => row.isIncome);
    },

    /** Removes one custom category of one kind; false when the household has no such category. */
    async removeKind(category: HouseholdCategory): Promise<boolean> {
      const removed = await db
        .delete(userCategories)
        .where(
          and(
            eq(userCategories.householdId, category.householdId),
            eq(userCategories.isIncome, category.isIncome),
            eq(userCategories.name, category.name),
          ),
        )
        .returning({ name: userCategories.name });
      return removed.length > 0;
    },

    /** Category changes of one household wait for each other, so that two merges never cross. */
    async lockHousehold(householdId: HouseholdId): Promise<void> {
      await db.execute(
        sql`SELECT pg_advisory_xact_lock(hashtextextended(${`categories:${householdId}`}, 0))`,
      );
    },

    /** The names the household hid. */
    async listHidden(
      householdId: HouseholdId,
    ): Promise<Array<{ name: string; isIncome: boolean }>> {
      return db
        .select({
          name: hiddenCategories.name,
          isIncome: hiddenCategories.isIncome,
        })
        .from(hiddenCategories)
        .where(eq(hiddenCategories.householdId, householdId));
    },

    /** Hides (true) or shows again (false) one category of one kind. */
    async setHidden(category: HouseholdCategory, hidden: boolean): Promise<void> {
      if (hidden) {
        await db.insert(hiddenCategories).values(category).onConflictDoNothing();
        return;
      }
      await db
        .delete(hiddenCategories)
        .where(
          and(
            eq(hiddenCategories.householdId, category.householdId),
            eq(hiddenCategories.isIncome, category.isIncome),
            eq(hiddenCategories.name, category.name),
          ),
        );
    },

    async isHidden(category: HouseholdCategory): Promise<boolean> {
      const rows = await db
        .select({ name: hiddenCategories.name })
        .from(hiddenCategories)
        .where(
          and(
            eq(hiddenCategories.householdId, category.householdId),
            eq(hiddenCategories.isIncome, category.isIncome),
            eq(hiddenCategories.name, category.name),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** How many transactions each category of each kind holds (from the kept totals). */
    async transactionCounts(householdId: HouseholdId): Promise<Map<string, number>> {
      const rows = await db
        .select({
          isIncome: transactionTotals.isIncome,
          category: transactionTotals.category,
          count: transactionTotals.transactionCount,
        })
        .from(transactionTotals)
        .where(eq(transactionTotals.householdId, householdId));
      return new Map(rows.map((row) => [`${row.isIncome}|${row.category}`, Number(row.count)]));
    },

    /**
     * The household's custom categories of one kind whose name equals `name` ignoring case and
     * surrounding spaces (Food, FOOD, " fOOd "), as stored.
     */
    async sameIgnoringCase(
      householdId: HouseholdId,
      name: string,
      isIncome: boolean,
    ): Promise<string[]> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(
          and(
            eq(userCategories.householdId, householdId),
            eq(userCategories.isIncome, isIncome),
            sql`lower(btrim(${userCategories.name})) = lower(btrim(${name}))`,
          ),
        );
      return rows.map((row) => row.name);
    },

    async exists(householdId: HouseholdId, name: string, kinds: boolean[]): Promise<boolean> {
      const rows = await db
        .select({ name: userCategories.name })
        .from(userCategories)
        .where(
          and(
            eq(userCategories.householdId, householdId),
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
