import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { goals, type GoalRow } from '../../db/schema';
import { newId } from '../../lib/ids';

export type GoalValues = Pick<
  GoalRow,
  'name' | 'targetCents' | 'currency' | 'targetDate' | 'accountId' | 'savedCents'
>;

export function createGoalsRepository(db: Executor) {
  return {
    /** The user's goals, oldest first. */
    async list(userId: string): Promise<GoalRow[]> {
      return db
        .select()
        .from(goals)
        .where(eq(goals.userId, userId))
        .orderBy(asc(goals.createdAt), asc(goals.id));
    },

    async find(userId: string, id: string): Promise<GoalRow | undefined> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.userId, userId), eq(goals.id, id)));
      return row;
    },

    async insert(userId: string, values: GoalValues): Promise<GoalRow> {
      const [row] = await db
        .insert(goals)
        .values({ id: newId(), userId, ...values })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, values: GoalValues): Promise<GoalRow | undefined> {
      const [row] = await db
        .update(goals)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(goals.userId, userId), eq(goals.id, id)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(goals)
        .where(and(eq(goals.userId, userId), eq(goals.id, id)))
        .returning({ id: goals.id });
      return deleted.length > 0;
    },
  };
}
