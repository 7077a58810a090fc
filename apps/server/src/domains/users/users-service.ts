import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { withRecentUsers } from './recent-users';
import {
  createUsersRepository,
  type NewUser,
  type UserChanges,
  type UserWithHousehold,
} from './users-repository';

export interface UsersServiceOptions {
  /** How long a looked-up user serves further requests (recent-users.ts); tests vary it. */
  recentTtlMs?: number | undefined;
}

/**
 * The one writer of users. What a change means (sign-up, setup, a password) is decided by the
 * auth service and the owner's command line, which write through here. Lookups are remembered
 * for a moment (recent-users.ts); a change made here forgets the user at once.
 */
export function createUsersService(db: Database, options: UsersServiceOptions = {}) {
  const users = withRecentUsers(
    createUsersRepository(db),
    options.recentTtlMs === undefined ? {} : { ttlMs: options.recentTtlMs },
  );

  return {
    findById(id: string): Promise<UserRow | undefined> {
      return users.findById(id);
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return users.findByEmail(email);
    },

    /** The user, as of a moment ago: what authenticated requests ask. */
    findRecent(id: string): Promise<UserRow | undefined> {
      return users.findRecent(id);
    },

    /** The user and their membership of the household asked for (null: their default). */
    findRecentWithHousehold(
      id: string,
      householdId: string | null,
    ): Promise<UserWithHousehold | undefined> {
      return users.findRecentWithHousehold(id, householdId);
    },

    /** Locks the user's row in the caller's transaction: one change of theirs at a time. */
    lock(tx: Executor, id: string): Promise<void> {
      return createUsersRepository(tx).lock(id);
    },

    /**
     * After households were deleted or left, in the caller's transaction: each of these users
     * whose default is gone gets the household they joined first; all are forgotten here.
     */
    async repairDefaultHouseholds(tx: Executor, ids: string[]): Promise<void> {
      try {
        await createUsersRepository(tx).repairDefaultHouseholds(ids);
      } finally {
        ids.forEach((id) => users.forget(id));
      }
    },

    /**
     * Deletes the user in the caller's transaction (the households service decides what goes
     * with them); the foreign keys' cascade removes everything else of theirs.
     */
    async delete(tx: Executor, id: string): Promise<boolean> {
      try {
        return await createUsersRepository(tx).delete(id);
      } finally {
        users.forget(id);
      }
    },

    /** Drops the remembered user after a change made elsewhere (a restore rewrites their row). */
    forget(id: string): void {
      users.forget(id);
    },

    /** Inserts the user in the caller's transaction; undefined when the e-mail is taken. */
    create(tx: Executor, user: NewUser): Promise<UserRow | undefined> {
      return createUsersRepository(tx).insert(user);
    },

    /** Changes the user, in the caller's transaction when `tx` is given. */
    async update(id: string, changes: UserChanges, tx?: Executor): Promise<UserRow | undefined> {
      if (!tx) return users.update(id, changes);
      try {
        return await createUsersRepository(tx).update(id, changes);
      } finally {
        users.forget(id);
      }
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
