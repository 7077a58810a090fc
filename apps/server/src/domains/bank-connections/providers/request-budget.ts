import { BankProviderError } from './provider-types';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A provider's daily allowance of requests, counted over the last 24 hours (the SimpleFIN
 * Bridge replenishes its quota through the day, not at midnight). The times of the requests
 * made are the whole state, so a caller can keep them with the connection and hand them back.
 */
export interface RequestBudget {
  /** Counts one request now, or throws REQUEST_BUDGET_SPENT without counting. */
  spend(): void;
  remaining(): number;
  /** When the next request may be made (now when one is left). */
  nextAllowedAt(): Date;
  /** The request times inside the window, oldest first, to keep with the connection. */
  spentAt(): Date[];
}

export function createRequestBudget({
  limit,
  spentAt = [],
  now = () => new Date(),
  windowMs = DAY_MS,
}: {
  limit: number;
  spentAt?: Date[];
  now?: () => Date;
  windowMs?: number;
}): RequestBudget {
  let times = spentAt.map((time) => time.getTime()).sort((a, b) => a - b);
  const current = () => {
    const at = now().getTime();
    times = times.filter((time) => time > at - windowMs);
    return at;
  };
  return {
    spend() {
      const at = current();
      if (times.length >= limit) {
        throw new BankProviderError(
          'REQUEST_BUDGET_SPENT',
          `The provider allows ${limit} requests a day and they are used; the next one is possible at ${new Date(times[0]! + windowMs).toISOString()}.`,
        );
      }
      times.push(at);
    },
    remaining() {
      current();
      return Math.max(0, limit - times.length);
    },
    nextAllowedAt() {
      const at = current();
      return new Date(times.length < limit ? at : times[times.length - limit]! + windowMs);
    },
    spentAt() {
      current();
      return times.map((time) => new Date(time));
    },
  };
}
