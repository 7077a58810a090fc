import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { savedFilters, type SavedFilterRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export function createSavedFiltersRepository(db: Executor) {
  return {
    /** The user's saved searches A→Z. */
    async list(userId: string): Promise<SavedFilterRow[]> {
      return db
        .select()
        .from(savedFilters)
        .where(eq(savedFilters.userId, userId))
        .orderBy(asc(sql`lower(${savedFilters.name})`), asc(savedFilters.id));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(savedFilters)
        .where(eq(savedFilters.userId, userId));
      return row?.count ?? 0;
    },

    async insert(userId: string, values: { name: string; query: string }): Promise<SavedFilterRow> {
      const [row] = await db
        .insert(savedFilters)
        .values({ id: newId(), userId, ...values })
        .returning();
      return row!;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(savedFilters)
        .where(and(eq(savedFilters.userId, userId), eq(savedFilters.id, id)))
        .returning({ id: savedFilters.id });
      return deleted.length > 0;
    },
  };
}
