import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { idempotencyKeys } from '../../db/schema';

/** How long a key's first answer is kept and returned again (docs/api.md, Idempotency). */
export const IDEMPOTENCY_KEY_LIFETIME = sql`interval '24 hours'`;

export interface StoredAnswer {
  requestHash: string;
  statusCode: number | null;
  responseBody: unknown;
}

export function createIdempotencyRepository(db: Executor) {
  const isExpired = sql`${idempotencyKeys.createdAt} <= now() - ${IDEMPOTENCY_KEY_LIFETIME}`;
  return {
    /**
     * Takes the user's key for this request: true when it is new, or its earlier use has
     * expired (the row starts again). While another open transaction holds the same key, this
     * waits for it to end; false then means the key is in use and its answer can be read.
     */
    async claim(userId: string, key: string, requestHash: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { requestHash, statusCode: null, responseBody: null, createdAt: sql`now()` },
          setWhere: isExpired,
        })
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(userId: string, key: string): Promise<StoredAnswer | undefined> {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          responseBody: idempotencyKeys.responseBody,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row;
    },

    async saveAnswer(
      userId: string,
      key: string,
      answer: { statusCode: number; body: unknown },
    ): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: answer.statusCode, responseBody: answer.body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /**
     * Deletes the user's expired keys. Rows another transaction holds are skipped rather than
     * waited for, so two requests of one user never wait on each other here.
     */
    async deleteExpired(userId: string): Promise<void> {
      await db.execute(sql`
        DELETE FROM ${idempotencyKeys}
        WHERE (user_id, key) IN (
          SELECT user_id, key FROM ${idempotencyKeys}
          WHERE user_id = ${userId} AND ${isExpired}
          FOR UPDATE SKIP LOCKED
        )`);
    },
  };
}
