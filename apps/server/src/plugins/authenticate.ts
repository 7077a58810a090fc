import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../domains/auth/token-service';
import type { UsersRepository } from '../domains/users/users-repository';
import type { UserRow } from '../db/schema';
import { unauthorized } from '../http/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by the authenticate hook on protected routes. */
    user: UserRow;
  }
}

const BEARER = /^bearer\s+(\S+)\s*$/i;

/**
 * An onRequest hook for protected scopes: a valid bearer token for a user that still exists,
 * or 401. Every query in a protected route is then scoped by `request.user.id`.
 */
export function createAuthenticate(tokens: TokenService, users: UsersRepository) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized('Please sign in to continue.', 'NO_TOKEN');
    const userId = await tokens.verify(match[1]);
    const user = userId ? await users.findById(userId) : undefined;
    if (!user)
      throw unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');
    request.user = user;
  };
}

export type Authenticate = ReturnType<typeof createAuthenticate>;
