import type { UserRow } from '../../db/schema';
import { createExpiringMap } from '../../lib/expiring-map';
import type { UsersRepository } from './users-repository';

/** How long a looked-up user serves further requests; see docs/decisions.md. */
const RECENT_USER_TTL_MS = 1000;
const MAX_RECENT_USERS = 10_000;

export interface RecentUsersOptions {
  ttlMs?: number;
  now?: () => number;
}

/**
 * The users repository, remembering for `ttlMs` the users that authenticated requests looked
 * up. Every authenticated request needs its user (it may have been deleted, its time zone
 * changed); under load the same few users ask many times a second, and that lookup was a
 * third of the queries of a list request.
 *
 * Changes made through this repository forget the user at once, so one server is never stale.
 * Another server sharing the database may serve a changed or deleted user for at most `ttlMs`;
 * a write for a deleted user then fails on its foreign key, which the error handler answers
 * with 401. Concurrent lookups of the same user share one query; a user not found is not
 * remembered.
 */
export function withRecentUsers(users: UsersRepository, options: RecentUsersOptions = {}) {
  const ttlMs = options.ttlMs ?? RECENT_USER_TTL_MS;
  const now = options.now ?? Date.now;
  const recent = createExpiringMap<string, Promise<UserRow | undefined>>(MAX_RECENT_USERS);
  const forget = (id: string) => recent.delete(id);

  return {
    ...users,

    /** The user, as of at most `ttlMs` ago. */
    findRecent(id: string): Promise<UserRow | undefined> {
      const remembered = recent.get(id, now());
      if (remembered) return remembered;
      const user = users.findById(id);
      recent.set(id, user, now() + ttlMs);
      // Only found users stay; a failed or empty lookup is asked again next time.
      const forgetThisLookup = () => recent.deleteIfHolds(id, user);
      user.then((row) => row ?? forgetThisLookup(), forgetThisLookup);
      return user;
    },

    // Forgetting after the change also drops a lookup that started before it committed.
    async update(...args: Parameters<UsersRepository['update']>) {
      try {
        return await users.update(...args);
      } finally {
        forget(args[0]);
      }
    },

    async delete(id: string) {
      try {
        return await users.delete(id);
      } finally {
        forget(id);
      }
    },
  };
}

export type RecentUsersRepository = ReturnType<typeof withRecentUsers>;
