import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { authThrottles } from '../../db/schema';

export interface ThrottleCount {
  failures: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

export function createThrottleRepository(db: Executor) {
  return {
    /** Adds one to the key's count in its window (a new window when the last one ended). */
    async increment(keyHash: string, windowSeconds: number): Promise<ThrottleCount> {
      const { rows } = await db.execute<{ failures: number; retry_after: number }>(sql`
        INSERT INTO ${authThrottles} (key_hash, failures, window_ends_at)
        VALUES (${keyHash}, 1, now() + make_interval(secs => ${windowSeconds}))
        ON CONFLICT (key_hash) DO UPDATE SET
          failures = CASE WHEN ${authThrottles.windowEndsAt} <= now() THEN 1
                          ELSE ${authThrottles.failures} + 1 END,
          window_ends_at = CASE WHEN ${authThrottles.windowEndsAt} <= now()
                                THEN excluded.window_ends_at
                                ELSE ${authThrottles.windowEndsAt} END
        RETURNING failures,
                  greatest(1, ceil(extract(epoch FROM window_ends_at - now())))::int AS retry_after`);
      const row = rows[0]!;
      return { failures: row.failures, retryAfterSeconds: row.retry_after };
    },

    async decrement(keyHash: string): Promise<void> {
      await db
        .update(authThrottles)
        .set({ failures: sql`greatest(${authThrottles.failures} - 1, 0)` })
        .where(eq(authThrottles.keyHash, keyHash));
    },

    async clear(keyHash: string): Promise<void> {
      await db.delete(authThrottles).where(eq(authThrottles.keyHash, keyHash));
    },

    /** Windows that ended over an hour ago are of no use to anyone. */
    async purgeEnded(): Promise<void> {
      await db
        .delete(authThrottles)
        .where(lt(authThrottles.windowEndsAt, sql`now() - interval '1 hour'`));
    },
  };
}
