import { ErrorCode } from '@moneta/shared';
import type pg from 'pg';
import { AppError } from '../http/app-error';
import { currentWorkScope, type WorkScope } from '../http/work-scope';
import { atItsPriority } from './cpu-priority';

export interface FairShareOptions {
  /** Requests of one key that may hold connections at once (about a quarter of the pool). */
  perKey: number;
  /** Requests of one key that may wait for its share; one more is refused (429). */
  queueLength: number;
  /** How long a request waits for its share before it is refused (503). */
  maxWaitMs: number;
}

/** Seconds a refused request is told to wait before it tries again. */
const RETRY_AFTER_SECONDS = 2;

interface KeyState {
  active: number;
  waiting: Array<{ admit(): void; timer: NodeJS.Timeout }>;
}

/**
 * One user's fair share of the database connections (docs/reliability.md): at most `perKey` of a
 * key's requests hold connections at once; the others wait in that key's own queue, so that
 * another user's request finds a free connection at once. Counted per request, not per
 * connection: a request that holds one connection takes another (a transaction reading
 * beside itself) without waiting for its own share.
 */
export function createFairShare(options: FairShareOptions) {
  const keys = new Map<string, KeyState>();

  function take(key: string): Promise<void> {
    let state = keys.get(key);
    if (!state) {
      state = { active: 0, waiting: [] };
      keys.set(key, state);
    }
    if (state.active < options.perKey) {
      state.active++;
      return Promise.resolve();
    }
    if (state.waiting.length >= options.queueLength) {
      return Promise.reject(
        new AppError(
          429,
          ErrorCode.TOO_MANY_REQUESTS,
          'Too many of your requests are under way at once. Please wait a moment and try again.',
          RETRY_AFTER_SECONDS,
        ),
      );
    }
    const queue = state.waiting;
    return new Promise((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(entry.timer);
          resolve();
        },
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(
            new AppError(
              503,
              ErrorCode.TOO_MANY_REQUESTS,
              'Your earlier requests are still running. Please try again in a moment.',
              RETRY_AFTER_SECONDS,
            ),
          );
        }, options.maxWaitMs),
      };
      queue.push(entry);
    });
  }

  function give(key: string): void {
    const state = keys.get(key);
    if (!state) return;
    const next = state.waiting.shift();
    // The share passes straight to the next waiting request: `active` stays.
    if (next) return next.admit();
    state.active--;
    if (state.active <= 0) keys.delete(key);
  }

  return {
    /** Waits for the scope's share unless the request holds a connection already. */
    async enter(scope: WorkScope): Promise<void> {
      if (scope.held === 0) {
        scope.entering ??= take(scope.key).catch((error: unknown) => {
          scope.entering = undefined;
          throw error;
        });
        await scope.entering;
      }
      scope.held++;
    },
    leave(scope: WorkScope): void {
      scope.held--;
      if (scope.held > 0) return;
      scope.entering = undefined;
      give(scope.key);
    },
    /** Requests of a key holding connections or waiting (for tests and the benchmark). */
    load(key: string) {
      const state = keys.get(key);
      return { active: state?.active ?? 0, waiting: state?.waiting.length ?? 0 };
    },
  };
}

export type FairShare = ReturnType<typeof createFairShare>;

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

export interface SharedPools {
  /** Heavy work's connections (http/heavy-work.ts). */
  heavyPool: pg.Pool;
  /** Searches' connections (work-scope.ts, runAsSearch). */
  searchPool: pg.Pool;
  /** Each user's share of the pool's connections. */
  fairShare: FairShare;
  /** Each user's share of the searches running at once, counted in cores. */
  searchShare: FairShare;
}

/**
 * Routes the pool's checkouts (Drizzle's queries and transactions, and pool.query, all go
 * through `connect`): a request's own through its fair share; a search's through its user's
 * share of searches to the search pool; heavy work's to the heavy pool, whose statements may
 * run longer; work outside a request (start-up, schedulers) as before.
 */
export function shareConnections(pool: pg.Pool, shared: SharedPools): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const connectSearch = async () => atItsPriority(await shared.searchPool.connect());

  async function checkout(): Promise<pg.PoolClient> {
    const scope = currentWorkScope();
    if (!scope) return connect();
    if (scope.isHeavy) return atItsPriority(await shared.heavyPool.connect());
    const share = scope.isSearch ? shared.searchShare : shared.fairShare;
    await share.enter(scope);
    let client: pg.PoolClient;
    try {
      client = await (scope.isSearch ? connectSearch() : connect());
    } catch (error) {
      share.leave(scope);
      throw error;
    }
    // pg-pool sets `release` afresh at each checkout: wrapping this one wraps this checkout.
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      share.leave(scope);
      release(error);
    };
    return client;
  }

  const routed = (callback?: ConnectCallback) => {
    const result = checkout();
    if (!callback) return result;
    result.then(
      (client) => callback(undefined, client, (error) => client.release(error as Error)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  };
  pool.connect = routed as pg.Pool['connect'];
}
