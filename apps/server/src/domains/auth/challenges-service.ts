import type { Executor } from '../../db/database';
import type { AuthChallengeRow } from '../../db/schema';
import { createChallengesRepository, type ChallengePurpose } from './challenges-repository';

/**
 * The single-use challenges of a sign-in ceremony (auth_challenges, 5 minutes), for the other
 * ways of signing in (passkeys): stored in the database, so that any instance can finish a
 * ceremony another began. Auth's own two-factor step uses the repository in its transaction.
 */
export function createChallengesService(db: Executor) {
  const challenges = createChallengesRepository(db);
  return {
    /** Keeps a new challenge for 5 minutes (`userId` null: anyone may answer it). */
    store(purpose: ChallengePurpose, secret: string, userId: string | null): Promise<void> {
      return challenges.store(purpose, secret, userId);
    },

    /** Uses the live challenge up: answers it, or undefined when it was not (or no longer) there. */
    consume(
      purpose: ChallengePurpose,
      secret: string,
      userId: string | null,
    ): Promise<AuthChallengeRow | undefined> {
      return challenges.consume(purpose, secret, userId);
    },
  };
}

export type ChallengesService = ReturnType<typeof createChallengesService>;
