import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorCode, HOUSEHOLD_HEADER, roleAllows } from '@moneta/shared';
import type { ApiTokenScope, HouseholdRole } from '@moneta/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken, type ApiTokensService } from '../domains/api-tokens/api-tokens-service';
import type { TokenService } from '../domains/auth/token-service';
import type { SessionsService } from '../domains/sessions/sessions-service';
import { householdNotFound, roleForbids } from '../domains/households/household-errors';
import type { RecentUsersRepository } from '../domains/users/recent-users';
import type { RequestHousehold } from '../domains/users/users-repository';
import type { UserRow } from '../db/schema';
import { forbidden, refusedTooOften, sessionExpired, unauthorized } from '../http/app-error';
import type { RefusalBudget } from '../http/refusal-budget';
import { isId } from '../lib/ids';

/** How a request proved who it is: a signed-in session, or an API token for scripts. */
export type RequestAuth =
  | { kind: 'session'; sessionId: string }
  | {
      kind: 'api-token';
      tokenId: string;
      scope: ApiTokenScope;
      /** The one household the token acts on, on every route. */
      householdId: string;
    };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the authenticate hooks on protected routes. */
    user: UserRow;
    auth: RequestAuth;
    /**
     * The household a data route acts on (the Moneta-Household header, else the user's default;
     * an API token's own) and the caller's role in it; set by `authenticate`.
     */
    household: RequestHousehold;
  }
  interface FastifyContextConfig {
    /** The least role a data route needs in the household; default: viewer reads, editor writes. */
    householdRole?: HouseholdRole;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface AuthenticateDependencies {
  tokens: TokenService;
  users: Pick<RecentUsersRepository, 'findRecent' | 'findRecentWithHousehold'>;
  sessions: Pick<SessionsService, 'findRecent'>;
  apiTokens: Pick<ApiTokensService, 'findRecent'>;
  /** Each user's budget of refused requests (http/refusal-budget.ts); none: no limit. */
  refusals?: RefusalBudget | undefined;
}

/** Who the bearer is, before the user is loaded. */
interface Bearer {
  userId: string;
  auth: RequestAuth;
  /** An API token's household: the only one it acts on. */
  householdId: string | null;
}

const invalidApiToken = () =>
  unauthorized('This API token is invalid, expired or revoked.', ErrorCode.INVALID_TOKEN);

/** The household the request names, or null; anything but one id is no household of anyone's. */
export function askedHousehold(request: FastifyRequest): string | null {
  const value = request.headers[HOUSEHOLD_HEADER];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !isId(value)) throw householdNotFound();
  return value;
}

/**
 * The onRequest hooks of protected routes. Each wants a bearer token for a user that still
 * exists (as of a moment ago: recent-users.ts), or 401.
 *
 * - `authenticate` (data routes) takes a session token or an API token; a read token gets 403
 *   on anything but GET. It also settles the household the request acts on and checks the
 *   caller's role there, in the statement that loads the user: not a member → 404; a role
 *   below the route's `householdRole` (default: viewer to read, editor to write) → 403
 *   ROLE_FORBIDS. Every query of a data route is then scoped by `request.household.id`.
 * - `authenticateUser` (routes about the user's own households, which name the household in
 *   their path) is the same without the household.
 * - `authenticateSession` (account security: password, sessions, two-factor, passkeys, API
 *   tokens, events, deleting the account) takes only a session token: any API token gets 403,
 *   so that a script's token can never take over the account (docs/decisions.md).
 */
export function createAuthenticators({
  tokens,
  users,
  sessions,
  apiTokens,
  refusals,
}: AuthenticateDependencies) {
  async function bearerOf(request: FastifyRequest): Promise<Bearer> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const bearer = match?.[1];
    if (!bearer) throw unauthorized('Please sign in to continue.', ErrorCode.NO_TOKEN);
    if (isApiToken(bearer)) {
      const token = await apiTokens.findRecent(bearer);
      if (!token) throw invalidApiToken();
      return {
        userId: token.userId,
        auth: {
          kind: 'api-token',
          tokenId: token.id,
          scope: token.scope,
          householdId: token.householdId,
        },
        householdId: token.householdId,
      };
    }
    const claims = await tokens.verify(bearer);
    const session = claims ? await sessions.findRecent(claims.sessionId) : undefined;
    if (!session || session.userId !== claims?.userId) throw sessionExpired();
    return {
      userId: session.userId,
      auth: { kind: 'session', sessionId: session.id },
      householdId: null,
    };
  }

  /**
   * A user who has used up their refused requests gets 429 before their user is loaded or their
   * input read: what the budget saves is that work. The answer waits `pauseMs` (a timer, no
   * work), so a client retrying at once is slowed to that pace.
   */
  async function keepWithinRefusals(bearer: Bearer): Promise<void> {
    if (!refusals?.isOverdrawn(bearer.userId)) return;
    const seconds = refusals.secondsUntilAllowed(bearer.userId);
    await sleep(refusals.pauseMs);
    throw refusedTooOften(seconds);
  }

  /** A bearer whose user is gone: the same 401 as a bad token of its kind. */
  const userGone = (bearer: Bearer) =>
    bearer.auth.kind === 'api-token' ? invalidApiToken() : sessionExpired();

  async function identify(request: FastifyRequest): Promise<void> {
    const bearer = await bearerOf(request);
    await keepWithinRefusals(bearer);
    const user = await users.findRecent(bearer.userId);
    if (!user) throw userGone(bearer);
    request.user = user;
    request.auth = bearer.auth;
  }

  function refuseReadOnlyWrites(request: FastifyRequest): void {
    if (
      request.auth.kind === 'api-token' &&
      request.auth.scope === 'read' &&
      !READ_METHODS.has(request.method)
    ) {
      throw forbidden(
        'This API token can only read. Create a token with the write scope to make changes.',
        ErrorCode.READ_ONLY_TOKEN,
      );
    }
  }

  return {
    async authenticate(request: FastifyRequest, _reply: FastifyReply) {
      const bearer = await bearerOf(request);
      await keepWithinRefusals(bearer);
      const asked = askedHousehold(request);
      if (bearer.householdId && asked && asked !== bearer.householdId) throw householdNotFound();
      const found = await users.findRecentWithHousehold(bearer.userId, bearer.householdId ?? asked);
      if (!found) throw userGone(bearer);
      request.user = found.user;
      request.auth = bearer.auth;
      refuseReadOnlyWrites(request);
      if (!found.household) throw householdNotFound();
      request.household = found.household;
      const needed =
        request.routeOptions.config.householdRole ??
        (READ_METHODS.has(request.method) ? 'viewer' : 'editor');
      if (!roleAllows(found.household.role, needed)) throw roleForbids(needed);
    },

    async authenticateUser(request: FastifyRequest, _reply: FastifyReply) {
      await identify(request);
      refuseReadOnlyWrites(request);
      keepTokenToItsHousehold(request);
    },

    async authenticateSession(request: FastifyRequest, _reply: FastifyReply) {
      await identify(request);
      if (request.auth.kind !== 'session') {
        throw forbidden(
          'API tokens cannot manage account security or delete the account. Sign in to do this.',
          ErrorCode.SESSION_REQUIRED,
        );
      }
    },
  };
}

/**
 * A token acts on its own household only, here too: another household in the path is one no
 * member of it could tell from a stranger's (404), and a token never makes or joins a household
 * (that would give a script a household its owner did not bind it to).
 */
function keepTokenToItsHousehold(request: FastifyRequest): void {
  const bound = boundHousehold(request);
  if (!bound) return;
  const { id } = request.params as { id?: unknown };
  if (id !== undefined) {
    if (id !== bound) throw householdNotFound();
    return;
  }
  if (!READ_METHODS.has(request.method)) {
    throw forbidden(
      'An API token acts only on its own household. Sign in to make or join a household.',
      ErrorCode.SESSION_REQUIRED,
    );
  }
}

/** The household an API token is bound to, or null for a session (which may act on any). */
export const boundHousehold = (request: FastifyRequest): string | null =>
  request.auth.kind === 'api-token' ? request.auth.householdId : null;

export type Authenticators = ReturnType<typeof createAuthenticators>;
export type Authenticate = Authenticators['authenticate'];
