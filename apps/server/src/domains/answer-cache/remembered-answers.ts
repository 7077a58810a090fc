import type { Executor } from '../../db/database';
import type { HouseholdId } from '../households/household-id';
import { createAnswerCacheRepository } from './answer-cache-repository';

/**
 * Remembered answers for the reads that cost the most (docs/database.md, "Remembered
 * answers"): the reports and a month's budgets sum years of rows at each row's day's rate, and
 * are asked again far more often than the data under them changes.
 *
 * `remember(householdId, question, compute)` answers from the cache when the answer there was
 * computed from the data as it is now (the versions data-versions.ts keeps); otherwise it
 * computes, and stores the answer only if no write committed meanwhile. It never answers from
 * older data than a read without it would: a write's new version commits with the write.
 *
 * `question` names everything the answer depends on besides the household's data and the rates: the
 * screen, its parameters, the base currency. Answers are kept as JSON, so they must be plain data
 * (numbers, strings, booleans, null, arrays, objects), as the API's answers are.
 */
export function createRememberedAnswers(db: Executor) {
  const cache = createAnswerCacheRepository(db);
  return {
    async remember<T>(
      householdId: HouseholdId,
      question: unknown[],
      compute: () => Promise<T>,
    ): Promise<T> {
      const key = JSON.stringify(question);
      const found = await cache.find(householdId, key);
      if (found.answer !== undefined) return found.answer as T;
      const answer = await compute();
      // Remembering is a saving, not part of the answer: one that cannot be stored (its household
      // deleted a moment ago, say) is still the right answer to this request.
      await cache.store(householdId, key, found, answer).catch(() => false);
      return answer;
    },
  };
}

export type RememberedAnswers = ReturnType<typeof createRememberedAnswers>;
