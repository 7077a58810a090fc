import type { Database } from '../../db/database';
import { tooManyRequests } from '../../http/app-error';
import { sha256Hex } from '../../lib/hashing';
import { createThrottleRepository } from './throttle-repository';

/** Sign-ins one address may get wrong over all e-mails, as a multiple of the per-account limit. */
export const LOGIN_ADDRESS_FACTOR = 10;
const WINDOW_SECONDS = 15 * 60;

/** A counter of failures and how many it allows per window. */
export interface ThrottleKey {
  key: string;
  limit: number;
}

/**
 * Counts failed sign-in attempts in PostgreSQL, so that every instance sees one count
 * (docs/decisions.md, SEC-15). Only failures count: an attempt is counted before it is
 * checked (so that parallel guesses cannot all slip under the limit) and a success takes its
 * count back. Past the limit, even a right answer gets 429 until the window ends.
 */
export function createSignInThrottle(db: Database, options: { limit: number }) {
  const throttles = createThrottleRepository(db);
  const hash = (key: string) => sha256Hex(key);
  const { limit } = options;

  return {
    /** Per address and e-mail: one account guessed from one address. */
    account: (ip: string, email: string): ThrottleKey => ({
      key: `login|${ip}|${email}`,
      limit,
    }),
    /** Per address over all e-mails: one password sprayed over many accounts. */
    address: (ip: string): ThrottleKey => ({
      key: `login-address|${ip}`,
      limit: limit * LOGIN_ADDRESS_FACTOR,
    }),
    /** Per user, wherever from: two-factor codes and backup codes (CVE-2024-57604). */
    secondFactor: (userId: string): ThrottleKey => ({ key: `second-factor|${userId}`, limit }),
    /** Per user: household invitation codes tried (an unknown code counts as a failure). */
    invitation: (userId: string): ThrottleKey => ({ key: `invitation|${userId}`, limit }),
    /** Per user: the current password asked again in Settings. */
    password: (userId: string): ThrottleKey => ({ key: `password|${userId}`, limit }),

    /** Counts an attempt on each key; past any key's limit → 429 with Retry-After. */
    async attempt(...keys: ThrottleKey[]): Promise<void> {
      for (const { key, limit: max } of keys) {
        const count = await throttles.increment(hash(key), WINDOW_SECONDS);
        if (count.failures === 1) await throttles.purgeEnded();
        if (count.failures > max) throw tooManyRequests(count.retryAfterSeconds);
      }
    },

    /** The attempt succeeded: the key's failures are forgiven. */
    async succeeded(key: ThrottleKey): Promise<void> {
      await throttles.clear(hash(key.key));
    },

    /** The attempt succeeded, but the key's earlier failures stand (an address's ceiling). */
    async notFailed(key: ThrottleKey): Promise<void> {
      await throttles.decrement(hash(key.key));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
