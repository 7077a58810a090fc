import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { goals, type GoalRow } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { HouseholdId } from '../households/household-id';

export type GoalValues = Pick<
  GoalRow,
  'name' | 'targetCents' | 'currency' | 'targetDate' | 'accountId' | 'savedCents'
>;

export function createGoalsRepository(db: Executor) {
  return {
    /** The household's goals, oldest first. */
    async list(householdId: HouseholdId): Promise<GoalRow[]> {
      return db
        .select()
        .from(goals)
        .where(eq(goals.householdId, householdId))
        .orderBy(asc(goals.createdAt), asc(goals.id));
    },

    async find(householdId: HouseholdId, id: string): Promise<GoalRow | undefined> {
      const [row] = await db
        .select()
        .from(goals)
        .where(and(eq(goals.householdId, householdId), eq(goals.id, id)));
      return row;
    },

    /** A goal of the household, set by `userId`. */
    async insert(
      { householdId, userId }: { householdId: HouseholdId; userId: string },
      values: GoalValues,
    ): Promise<GoalRow> {
      const [row] = await db
        .insert(goals)
        .values({ id: newId(), userId, householdId, ...values })
        .returning();
      return row!;
    },

    async update(
      householdId: HouseholdId,
      id: string,
      values: GoalValues,
    ): Promise<GoalRow | undefined> {
      const [row] = await db
        .update(goals)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(goals.householdId, householdId), eq(goals.id, id)))
        .returning();
      return row;
    },

    async delete(householdId: HouseholdId, id: string): Promise<boolean> {
      const deleted = await db
        .delete(goals)
        .where(and(eq(goals.householdId, householdId), eq(goals.id, id)))
        .returning({ id: goals.id });
      return deleted.length > 0;
    },
  };
}
