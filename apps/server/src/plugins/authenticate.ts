import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../domains/auth/token-service';
import type { RecentUsersRepository } from '../domains/users/recent-users';
import type { UserRow } from '../db/schema';
import { sessionExpired, unauthorized } from '../http/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the authenticate hook on protected routes. */
    user: UserRow;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * An onRequest hook for protected scopes: a valid bearer token for a user that still exists
 * (as of a moment ago: recent-users.ts), or 401. Every query in a protected route is then scoped by `request.user.id`.
 */
export function createAuthenticate(
  tokens: TokenService,
  users: Pick<RecentUsersRepository, 'findRecent'>,
) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Please sign in to continue.', 'NO_TOKEN');
    const userId = await tokens.verify(match[1]);
    const user = userId ? await users.findRecent(userId) : undefined;
    if (!user) throw sessionExpired();
    request.user = user;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;
