import type { HouseholdRole } from '@moneta/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import {
  householdMembers,
  households,
  users,
  type HouseholdMemberRow,
  type HouseholdRow,
} from '../../db/schema';
import { isId, newId } from '../../lib/ids';

/** A household as one of its members sees it. */
export interface MemberHousehold extends HouseholdRow {
  role: HouseholdRole;
  memberCount: number;
  isDefault: boolean;
}

export interface MemberRow {
  userId: string;
  email: string;
  role: HouseholdRole;
  joinedAt: Date;
}

const memberCount = sql<number>`(SELECT count(*)::int FROM ${householdMembers} AS everyone
  WHERE everyone.household_id = ${households.id})`;

/** SQL of households and their members; the households service decides who may do what. */
export function createHouseholdsRepository(db: Executor) {
  const asMember = (userId: string, householdId?: string) =>
    db
      .select({
        household: households,
        role: householdMembers.role,
        memberCount,
        isDefault: sql<boolean>`${users.defaultHouseholdId} IS NOT DISTINCT FROM ${households.id}`,
      })
      .from(householdMembers)
      .innerJoin(households, eq(households.id, householdMembers.householdId))
      .innerJoin(users, eq(users.id, householdMembers.userId))
      .where(
        and(
          eq(householdMembers.userId, userId),
          householdId ? eq(householdMembers.householdId, householdId) : undefined,
        ),
      );
  const flatten = (row: Awaited<ReturnType<typeof asMember>>[number]): MemberHousehold => ({
    ...row.household,
    role: row.role,
    memberCount: row.memberCount,
    isDefault: row.isDefault,
  });

  return {
    async insert(values: Pick<HouseholdRow, 'name' | 'baseCurrency' | 'timeZone'>) {
      const [row] = await db
        .insert(households)
        .values({ id: newId(), ...values })
        .returning();
      return row!;
    },

    async addMember(householdId: string, userId: string, role: HouseholdRole): Promise<void> {
      await db.insert(householdMembers).values({ householdId, userId, role });
    },

    /** The user's households, oldest membership first. */
    async listForUser(userId: string): Promise<MemberHousehold[]> {
      const rows = await asMember(userId).orderBy(
        asc(householdMembers.joinedAt),
        asc(householdMembers.householdId),
      );
      return rows.map(flatten);
    },

    async findForUser(userId: string, householdId: string): Promise<MemberHousehold | undefined> {
      const [row] = await asMember(userId, householdId).limit(1);
      return row && flatten(row);
    },

    /**
     * The user's role in the household; with `lock`, the membership row is locked until the
     * transaction ends (a role change or removal checked against it cannot race another).
     */
    async roleOf(
      householdId: string,
      userId: string,
      options: { lock?: boolean } = {},
    ): Promise<HouseholdRole | undefined> {
      // Text that is no id names no household (PostgreSQL would refuse it as a uuid).
      if (!isId(householdId)) return undefined;
      const query = db
        .select({ role: householdMembers.role })
        .from(householdMembers)
        .where(
          and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)),
        );
      const [row] = await (options.lock ? query.for('update') : query);
      return row?.role;
    },

    /** Locks every membership of the household: the owner count cannot change meanwhile. */
    async lockMembers(householdId: string): Promise<HouseholdMemberRow[]> {
      return db
        .select()
        .from(householdMembers)
        .where(eq(householdMembers.householdId, householdId))
        .orderBy(asc(householdMembers.userId))
        .for('update');
    },

    async countForUser(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(householdMembers)
        .where(eq(householdMembers.userId, userId));
      return row?.count ?? 0;
    },

    async update(
      householdId: string,
      changes: Partial<Pick<HouseholdRow, 'name' | 'baseCurrency' | 'timeZone'>>,
    ): Promise<void> {
      await db
        .update(households)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(households.id, householdId));
    },

    /** The user's default household takes `timeZone` if it still has the one it was made with. */
    async adoptTimeZone(userId: string, timeZone: string): Promise<void> {
      await db.execute(sql`
        UPDATE ${households} AS h SET time_zone = ${timeZone}, updated_at = now()
        FROM ${users} AS u
        WHERE u.id = ${userId} AND h.id = u.default_household_id AND h.time_zone = 'UTC'
          AND ${timeZone} <> 'UTC'`);
    },

    /** Deletes the household; the owned tables' keys delete its data with it. */
    async delete(householdId: string): Promise<void> {
      await db.delete(households).where(eq(households.id, householdId));
    },

    async members(householdId: string): Promise<MemberRow[]> {
      return db
        .select({
          userId: householdMembers.userId,
          email: users.email,
          role: householdMembers.role,
          joinedAt: householdMembers.joinedAt,
        })
        .from(householdMembers)
        .innerJoin(users, eq(users.id, householdMembers.userId))
        .where(eq(householdMembers.householdId, householdId))
        .orderBy(asc(householdMembers.joinedAt), asc(users.email));
    },

    async setRole(householdId: string, userId: string, role: HouseholdRole): Promise<void> {
      await db
        .update(householdMembers)
        .set({ role })
        .where(
          and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)),
        );
    },

    async removeMember(householdId: string, userId: string): Promise<void> {
      await db
        .delete(householdMembers)
        .where(
          and(eq(householdMembers.householdId, householdId), eq(householdMembers.userId, userId)),
        );
    },
  };
}

export type HouseholdsRepository = ReturnType<typeof createHouseholdsRepository>;
