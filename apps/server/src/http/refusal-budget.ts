/**
 * A budget of refused requests per user (docs/decisions.md, REL-14).
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

/** What is left of one user's budget. */
interface Allowance {
  /** Refusals left, fractional while it refills. */
  left: number;
  /** When `left` was last brought up to date (ms). */
  at: number;
}

/** Users kept at most: the oldest go first past it (a refilled allowance is dropped anyway). */
const MAX_USERS = 100_000;

export function createRefusalBudget(options: {
  perMinute: number;
  pauseMs: number;
  now?: () => number;
}): RefusalBudget {
  const capacity = options.perMinute;
  const perMs = options.perMinute / 60_000;
  const now = options.now ?? Date.now;
  // Only users who have been refused are kept; one whose budget is full again is dropped.
  const allowances = new Map<string, Allowance>();

  function current(userId: string): Allowance | undefined {
    const allowance = allowances.get(userId);
    if (!allowance) return undefined;
    const at = now();
    allowance.left = Math.min(capacity, allowance.left + (at - allowance.at) * perMs);
    allowance.at = at;
    if (allowance.left >= capacity) {
      allowances.delete(userId);
      return undefined;
    }
    return allowance;
  }

  return {
    pauseMs: options.pauseMs,
    isOverdrawn(userId) {
      const allowance = current(userId);
      return allowance !== undefined && allowance.left < 1;
    },
    secondsUntilAllowed(userId) {
      const allowance = current(userId);
      if (!allowance || allowance.left >= 1) return 0;
      return Math.max(1, Math.ceil((1 - allowance.left) / perMs / 1000));
    },
    charge(userId) {
      const allowance = current(userId) ?? { left: capacity, at: now() };
      allowance.left = Math.max(0, allowance.left - 1);
      allowances.delete(userId);
      allowances.set(userId, allowance);
      if (allowances.size > MAX_USERS) allowances.delete(allowances.keys().next().value!);
    },
  };
}
