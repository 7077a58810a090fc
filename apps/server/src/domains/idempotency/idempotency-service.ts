import { ErrorCode } from '@moneta/shared';
import { createHash } from 'node:crypto';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../http/app-error';
import { createIdempotencyRepository } from './idempotency-repository';

/** What a request answered: replayed as it was for a retry with the same key. */
export interface Answer<T> {
  statusCode: number;
  body: T;
}

export interface IdempotentAnswer<T> extends Answer<T> {
  /** True when this is the stored answer of an earlier request with the same key. */
  isReplay: boolean;
}

/** A key sent again with another request: 422, as the IETF Idempotency-Key draft advises. */
const keyReused = () =>
  new AppError(
    422,
    ErrorCode.IDEMPOTENCY_KEY_REUSED,
    'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  );

/** JSON with object keys sorted, so that the same values always give the same text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** The operation and its validated input: a key used for another operation counts as reused. */
function requestHash(operation: string, input: unknown): string {
  return createHash('sha256')
    .update(`${operation}\n${canonicalJson(input)}`)
    .digest('hex');
}

/**
 * Runs a write at most once per user and Idempotency-Key (docs/api.md, Idempotency). The key is
 * taken in the same database transaction as the write, before it: a retry, or a duplicate sent at
 * the same moment (it waits on the key until the first commits), gets the first answer and writes
 * nothing. A write that fails rolls the key back with it, so a retry runs it again. Only successful
 * answers are kept; expired keys of the user are pruned as new ones are taken.
 */
export function createIdempotencyService(db: Database) {
  return {
    async once<T>(
      request: { userId: string; key: string; operation: string; input: unknown },
      write: (tx: Executor) => Promise<Answer<T>>,
    ): Promise<IdempotentAnswer<T>> {
      const { userId, key } = request;
      const hash = requestHash(request.operation, request.input);
      return db.transaction(async (tx) => {
        const keys = createIdempotencyRepository(tx);
        if (await keys.claim(userId, key, hash)) {
          await keys.deleteExpired(userId);
          const answer = await write(tx);
          await keys.saveAnswer(userId, key, answer);
          return { ...answer, isReplay: false };
        }
        const stored = await keys.find(userId, key);
        if (!stored || stored.statusCode === null) {
          throw new Error('An idempotency key was committed without its answer');
        }
        if (stored.requestHash !== hash) throw keyReused();
        return { statusCode: stored.statusCode, body: stored.responseBody as T, isReplay: true };
      });
    },
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
