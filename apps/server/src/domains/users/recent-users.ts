import type { UserRow } from '../../db/schema';
import { createRecentLookup } from '../../lib/recent-lookup';
import type { UserWithHousehold, UsersRepository } from './users-repository';

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
  const recent = createRecentLookup((id) => users.findById(id), {
    ttlMs: options.ttlMs ?? RECENT_USER_TTL_MS,
    maxEntries: MAX_RECENT_USERS,
    ...(options.now ? { now: options.now } : {}),
  });
  // A user's remembered memberships are keyed by a generation that forgetting the user moves
  // on: every household's entry of theirs is dropped at once, without listing them. Generations
  // are never reused (one counter), so no entry of an older one is found again.
  const generations = new Map<string, number>();
  let counter = 0;
  let baseline = 0;
  const withHousehold = createRecentLookup(
    (key) => {
      const [id, , householdId] = key.split('|');
      return users.findWithHousehold(id!, householdId || null);
    },
    {
      ttlMs: options.ttlMs ?? RECENT_USER_TTL_MS,
      maxEntries: MAX_RECENT_USERS,
      ...(options.now ? { now: options.now } : {}),
    },
  );
  const forget = (id: string) => {
    recent.forget(id);
    if (!generations.has(id) && generations.size >= MAX_RECENT_USERS) {
      generations.clear();
      baseline = ++counter;
    }
    generations.set(id, ++counter);
  };

  return {
    ...users,

    /** The user, as of at most `ttlMs` ago. */
    findRecent(id: string): Promise<UserRow | undefined> {
      return recent.get(id);
    },

    /**
     * The user and their membership of the household asked for (null: their default), as of
     * at most `ttlMs` ago on another instance; a change made here is seen at once.
     */
    findRecentWithHousehold(
      id: string,
      householdId: string | null,
    ): Promise<UserWithHousehold | undefined> {
      return withHousehold.get(`${id}|${generations.get(id) ?? baseline}|${householdId ?? ''}`);
    },

    // Forgetting after the change also drops a lookup that started before it committed.
    async update(...args: Parameters<UsersRepository['update']>) {
      try {
        return await users.update(...args);
      } finally {
        forget(args[0]);
      }
    },

    /** Drops the remembered user after a change made in another repository's transaction. */
    forget,

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
