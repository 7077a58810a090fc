import type { Database, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { withRecentUsers } from './recent-users';
import { createUsersRepository, type NewUser, type UserChanges } from './users-repository';

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

    /** Deletes the account and, through the foreign keys' cascade, all of its data. */
    async deleteAccount(userId: string): Promise<void> {
      await users.delete(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
