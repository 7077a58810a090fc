import type { HouseholdRole } from '@moneta/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { households, type HouseholdRow } from '../../db/schema';
import type { HouseholdId } from './household-id';
import { createHouseholdsRepository } from './households-repository';

/**
 * What other domains may read of a household, on any executor (their own database transaction
 * included): its row as stored now and a user's role in it, never a write (docs/architecture.md,
 * One writer per entity).
 */
export function createHouseholdsReader(db: Executor) {
  return {
    async findById(id: HouseholdId): Promise<HouseholdRow | undefined> {
      const [row] = await db.select().from(households).where(eq(households.id, id));
      return row;
    },

    /** The user's role in the household; undefined when they are not a member. */
    roleOf(householdId: string, userId: string): Promise<HouseholdRole | undefined> {
      return createHouseholdsRepository(db).roleOf(householdId, userId);
    },
  };
}
