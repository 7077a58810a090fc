import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { userCategories } from '../../db/schema';

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
