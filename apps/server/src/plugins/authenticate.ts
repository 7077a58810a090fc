import { ErrorCode } from '@moneta/shared';
import type { ApiTokenScope } from '@moneta/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiToken, type ApiTokensService } from '../domains/api-tokens/api-tokens-service';
import type { TokenService } from '../domains/auth/token-service';
import type { SessionsService } from '../domains/sessions/sessions-service';
import type { RecentUsersRepository } from '../domains/users/recent-users';
import type { UserRow } from '../db/schema';
import { forbidden, sessionExpired, unauthorized } from '../http/app-error';

/** How a request proved who it is: a signed-in session, or an API token for scripts. */
export type RequestAuth =
  | { kind: 'session'; sessionId: string }
  | { kind: 'api-token'; tokenId: string; scope: ApiTokenScope };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the authenticate hooks on protected routes. */
    user: UserRow;
    auth: RequestAuth;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;
const READ_METHODS = new Set(['GET', 'HEAD']);

export interface AuthenticateDependencies {
  tokens: TokenService;
  users: Pick<RecentUsersRepository, 'findRecent'>;
  sessions: Pick<SessionsService, 'findRecent'>;
  apiTokens: Pick<ApiTokensService, 'findRecent'>;
}

/**
 * The onRequest hooks of protected routes. Both want a bearer token for a user that still
 * exists (as of a moment ago: recent-users.ts), or 401; every query in a protected route is then
 * scoped by `request.user.id`.
 *
 * - `authenticate` (data routes) takes a session token or an API token; a read token gets 403
 *   on anything but GET.
 * - `authenticateSession` (account security: password, sessions, two-factor, passkeys, API
 *   tokens, events, deleting the account) takes only a session token: any API token gets 403,
 *   so that a script's token can never take over the account (docs/decisions.md).
 */
export function createAuthenticators({
  tokens,
  users,
  sessions,
  apiTokens,
}: AuthenticateDependencies) {
  async function identify(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const bearer = match?.[1];
    if (!bearer) throw unauthorized('Please sign in to continue.', ErrorCode.NO_TOKEN);
    if (isApiToken(bearer)) {
      const token = await apiTokens.findRecent(bearer);
      const user = token ? await users.findRecent(token.userId) : undefined;
      if (!token || !user) {
        throw unauthorized(
          'This API token is invalid, expired or revoked.',
          ErrorCode.INVALID_TOKEN,
        );
      }
      request.user = user;
      request.auth = { kind: 'api-token', tokenId: token.id, scope: token.scope };
      return;
    }
    const claims = await tokens.verify(bearer);
    const session = claims ? await sessions.findRecent(claims.sessionId) : undefined;
    const user =
      session && session.userId === claims?.userId
        ? await users.findRecent(session.userId)
        : undefined;
    if (!session || !user) throw sessionExpired();
    request.user = user;
    request.auth = { kind: 'session', sessionId: session.id };
  }

  return {
    async authenticate(request: FastifyRequest, _reply: FastifyReply) {
      await identify(request);
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

export type Authenticators = ReturnType<typeof createAuthenticators>;
export type Authenticate = Authenticators['authenticate'];
