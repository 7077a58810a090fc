import type { FastifyRequest } from 'fastify';

/** Where a request came from, as sessions and security events record it. */
export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const MAX_USER_AGENT_LENGTH = 500;

/** The client's address (from X-Forwarded-For only with TRUST_PROXY) and its User-Agent, capped. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent:
      typeof userAgent === 'string' && userAgent.trim() !== ''
        ? userAgent.slice(0, MAX_USER_AGENT_LENGTH)
        : null,
  };
}
