import type { HouseholdRole } from '@moneta/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { householdMembers, households, users, type UserRow } from '../../db/schema';
import { asHouseholdId, type ActiveHousehold } from '../households/household-id';
import { newId } from '../../lib/ids';

export interface NewUser {
  email: string;
  passwordHash: string;
  timeZone: string;
}

export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'isSetupComplete'
    | 'defaultCurrency'
    | 'timeZone'
    | 'locale'
    | 'passwordHash'
    | 'defaultHouseholdId'
  >
>;

/** The household a request acts on, and what the user may do in it. */
export interface RequestHousehold extends ActiveHousehold {
  role: HouseholdRole;
}

export interface UserWithHousehold {
  user: UserRow;
  household: RequestHousehold | null;
}

export function createUsersRepository(db: Executor) {
  return {
    /** Every authenticated request asks this, so it is a prepared statement. */
    async findById(id: string): Promise<UserRow | undefined> {
      const statement = preparedStatement(db, 'user_by_id', (name) =>
        db
          .select()
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      );
      const [row] = await statement.execute({ id });
      return row;
    },

    /**
     * The user and their role in the household asked for (else their default one), with its base
     * currency and time zone: one statement, the membership one probe of its primary key and the
     * household one of its own, because every data request asks it.
     * `household` null: the user is not a member of it (or has no default household).
     */
    async findWithHousehold(
      id: string,
      householdId: string | null,
    ): Promise<UserWithHousehold | undefined> {
      const statement = preparedStatement(db, 'user_with_household', (name) =>
        db
          .select({
            user: users,
            householdId: householdMembers.householdId,
            role: householdMembers.role,
            baseCurrency: households.baseCurrency,
            timeZone: households.timeZone,
          })
          .from(users)
          .leftJoin(
            householdMembers,
            and(
              eq(householdMembers.userId, users.id),
              eq(
                householdMembers.householdId,
                sql`coalesce(${sql.placeholder('householdId')}::uuid, ${users.defaultHouseholdId})`,
              ),
            ),
          )
          .leftJoin(households, eq(households.id, householdMembers.householdId))
          .where(eq(users.id, sql.placeholder('id')))
          .limit(1)
          .prepare(name),
      );
      const [row] = await statement.execute({ id, householdId });
      if (!row) return undefined;
      const household =
        row.householdId && row.role && row.baseCurrency && row.timeZone
          ? {
              id: asHouseholdId(row.householdId),
              role: row.role,
              baseCurrency: row.baseCurrency,
              timeZone: row.timeZone,
            }
          : null;
      return { user: row.user, household };
    },

    /** Locks the user's row until the transaction ends: one change of theirs at a time. */
    async lock(id: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    },

    /**
     * Gives each of these users whose default household is gone (deleted) or no longer theirs
     * (they left it) the household they joined first of those they still belong to.
     */
    async repairDefaultHouseholds(userIds: string[]): Promise<void> {
      if (userIds.length === 0) return;
      await db.execute(sql`
        UPDATE ${users} AS u SET default_household_id = (
          SELECT m.household_id FROM ${householdMembers} AS m WHERE m.user_id = u.id
          ORDER BY m.joined_at, m.household_id LIMIT 1)
        WHERE u.id IN ${userIds} AND (u.default_household_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM ${householdMembers} AS own
          WHERE own.user_id = u.id AND own.household_id = u.default_household_id))`);
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    /** Inserts the user, or returns undefined when the e-mail is already taken. */
    async insert(user: NewUser): Promise<UserRow | undefined> {
      const [row] = await db
        .insert(users)
        .values({ id: newId(), ...user })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    },

    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    /** Deletes the user; foreign keys with ON DELETE CASCADE remove everything of theirs. */
    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return deleted.length > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
