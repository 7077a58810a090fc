/**
 * A budget of refused requests per user (docs/reliability.md, "Refused requests").
 *
 * A request the server refuses for its input (400, 413, 415, 422) still costs its thread the
 * routing, the authentication, the parsing and the validation of an ordinary one; a script
 * that sends malformed requests as fast as it is answered takes that thread from every other
 * user. Each user may be refused `perMinute` times a minute, with a minute's worth at once;
 * past that, their requests are answered 429 before anything else is done with them, and only
 * after `pauseMs`, so that a client that retries at once slows to its own pace rather than the
 * server's. The budget refills continuously: the next request goes through as soon as one
 * refusal's worth has come back.
 *
 * Counted per server process: with several instances, each keeps its own.
 */
export interface RefusalBudget {
  /** Whether this user has used up their refusals: their request is to be refused (429). */
  isOverdrawn(userId: string): boolean;
  /** Seconds until the user's next request may go through. */
  secondsUntilAllowed(userId: string): number;
  /** Counts one refused request against the user. */
  charge(userId: string): void;
  /** How long an overdrawn user's request is held before its 429. */
  readonly pauseMs: number;
}

/** The statuses that mean "your input was refused": what a user spends their budget on. */
const REFUSAL_STATUSES = new Set([400, 413, 415, 422]);

export const isRefusal = (status: number): boolean => REFUSAL_STATUSES.has(status);

interface Account {
  /** Refusals left, fractional while it refills. */
  left: number;
  /** When `left` was last brought up to date (ms). */
  at: number;
}

/** Users kept at most: the oldest go first past it (a refilled account is dropped anyway). */
const MAX_ACCOUNTS = 100_000;

export function createRefusalBudget(options: {
  perMinute: number;
  pauseMs: number;
  now?: () => number;
}): RefusalBudget {
  const capacity = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const now = options.now ?? Date.now;
  // Only users who have been refused are kept; one whose budget is full again is dropped.
  const accounts = new Map<string, Account>();

  function current(userId: string): Account | undefined {
    const account = accounts.get(userId);
    if (!account) return undefined;
    const at = now();
    account.left = Math.min(capacity, account.left + (at - account.at) * perMs);
    account.at = at;
    if (account.left >= capacity) {
      accounts.delete(userId);
      return undefined;
    }
    return account;
  }

  return {
    pauseMs: options.pauseMs,
    isOverdrawn(userId) {
      const account = current(userId);
      return account !== undefined && account.left < 1;
    },
    secondsUntilAllowed(userId) {
      const account = current(userId);
      if (!account || account.left >= 1) return 0;
      return Math.max(1, Math.ceil((1 - account.left) / perMs / 1000));
    },
    charge(userId) {
      const account = current(userId) ?? { left: capacity, at: now() };
      account.left = Math.max(0, account.left - 1);
      accounts.delete(userId);
      accounts.set(userId, account);
      if (accounts.size > MAX_ACCOUNTS) accounts.delete(accounts.keys().next().value!);
    },
  };
}
