import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * Whose work a request is, as the database pool sees it (db/fair-pool.ts): the key its fair
 * share of connections and its heavy work are counted under, and how many connections the
 * request holds right now (a request counts once however many it holds, so that a transaction
 * that reads beside itself never waits for its own share).
 */
export interface WorkScope {
  key: string;
  /** Connections this request holds. */
  held: number;
  /** The wait for the key's share, while one is under way (parallel queries share it). */
  entering: Promise<void> | undefined;
  /** Heavy work (http/heavy-work.ts): its statements run on the heavy pool, with a longer limit. */
  isHeavy: boolean;
  /** A search's statements (runAsSearch): the user's share of cores, at a lower CPU priority. */
  isSearch: boolean;
}

const scopes = new AsyncLocalStorage<WorkScope>();

/** The key one person's fair share of connections is counted under: the user. */
export function workScopeKey(request: FastifyRequest): string {
  return request.user.id;
}

/**
 * The key heavy work is counted under (http/heavy-work.ts): the household the request acts on,
 * so that two members cannot restore or import into one household at once; the user on a route
 * without a household.
 */
export function heavyWorkKey(request: FastifyRequest): string {
  const household = request.household as FastifyRequest['household'] | undefined;
  return household ? `household:${household.id}` : `user:${request.user.id}`;
}

/** The scope of the request whose code is running, if any (background jobs have none). */
export function currentWorkScope(): WorkScope | undefined {
  return scopes.getStore();
}

/**
 * A preHandler of signed-in routes (after authentication and body parsing): the handler and
 * everything it starts run in the request's scope. A callback hook, so that the rest of the
 * request runs inside `run`.
 */
export function enterWorkScope(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  // Only after authentication: a route without a signed-in user has no one to count against.
  if (!(request.user as FastifyRequest['user'] | undefined)) return done();
  scopes.run(
    { key: workScopeKey(request), held: 0, entering: undefined, isHeavy: false, isSearch: false },
    () => done(),
  );
}

/** Runs `work` as heavy work of the current request: its own connections, a longer limit. */
export function runAsHeavy<T>(work: () => T): T {
  const scope = scopes.getStore();
  if (!scope) return work();
  return scopes.run({ ...scope, held: 0, entering: undefined, isHeavy: true }, work);
}

/**
 * Runs `work` as a search of the current request: its statements count against the user's
 * share of searches (db/fair-pool.ts) rather than of connections, on the search pool. Inside
 * heavy work it stays heavy work.
 */
export function runAsSearch<T>(work: () => T): T {
  const scope = scopes.getStore();
  if (!scope || scope.isHeavy) return work();
  return scopes.run({ ...scope, held: 0, entering: undefined, isSearch: true }, work);
}
