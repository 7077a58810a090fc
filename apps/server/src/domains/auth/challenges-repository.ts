import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { authChallenges, type AuthChallengeRow } from '../../db/schema';
import { sha256Hex } from '../../lib/hashing';
import { newId } from '../../lib/ids';

export type ChallengePurpose = AuthChallengeRow['purpose'];
/** Every challenge dies after 5 minutes (docs/architecture.md, Security). */
export const CHALLENGE_LIFETIME_SECONDS = 5 * 60;

/**
 * Single-use challenges, found by the SHA-256 of their secret. Using one deletes it, so it cannot
 * be used twice, on this instance or another.
 */
export function createChallengesRepository(db: Executor) {
  const live = (purpose: ChallengePurpose, secret: string) =>
    and(
      eq(authChallenges.secretHash, sha256Hex(secret)),
      eq(authChallenges.purpose, purpose),
      gt(authChallenges.expiresAt, sql`now()`),
    );

  return {
    async store(purpose: ChallengePurpose, secret: string, userId: string | null): Promise<void> {
      await db
        .delete(authChallenges)
        .where(lt(authChallenges.expiresAt, sql`now() - interval '1 hour'`));
      await db.insert(authChallenges).values({
        id: newId(),
        purpose,
        userId,
        secretHash: sha256Hex(secret),
        expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_LIFETIME_SECONDS})`,
      });
    },

    /** The live challenge, locked until the caller's transaction ends when `lock` is set. */
    async find(
      purpose: ChallengePurpose,
      secret: string,
      options: { lock?: boolean } = {},
    ): Promise<AuthChallengeRow | undefined> {
      const query = db.select().from(authChallenges).where(live(purpose, secret)).limit(1);
      const [row] = await (options.lock ? query.for('update') : query);
      return row;
    },

    /** Uses the live challenge up: answers it, or undefined when it was not (or no longer) there. */
    async consume(
      purpose: ChallengePurpose,
      secret: string,
      userId: string | null,
    ): Promise<AuthChallengeRow | undefined> {
      const [row] = await db
        .delete(authChallenges)
        .where(
          and(
            live(purpose, secret),
            userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, userId),
          ),
        )
        .returning();
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(authChallenges).where(eq(authChallenges.id, id));
    },

    async countAttempt(id: string): Promise<void> {
      await db
        .update(authChallenges)
        .set({ attempts: sql`${authChallenges.attempts} + 1` })
        .where(eq(authChallenges.id, id));
    },
  };
}
