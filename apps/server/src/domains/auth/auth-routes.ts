import {
  apiErrorSchema,
  authResponseSchema,
  loginSchema,
  setupSchema,
  signupSchema,
  userSchema,
} from '@moneta/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/app-error';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { AuthService } from './auth-service';

export interface AuthRoutesOptions {
  auth: AuthService;
  authenticate: Authenticate;
  loginRateLimit: number;
  signupRateLimit: number;
}

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Throttle by address AND e-mail, so guessing one account's password from one address is
 * slowed without locking its owner out from another address. */
function loginRateKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email =
    typeof body?.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
  return `${request.ip}|${email}`;
}

/** Sign-ins one address may try over all e-mails, as a multiple of the per-account limit. */
export const LOGIN_ADDRESS_FACTOR = 10;

export async function authRoutes(app: App, options: AuthRoutesOptions): Promise<void> {
  const { auth, authenticate } = options;

  // Password spraying (one password tried on many accounts) never trips the per-account limit:
  // one address also gets a ceiling over all e-mails, generous enough for a shared office
  // address. A second limiter of the same plugin cannot be a route option (only one runs).
  const addressLimit = app.createRateLimit({
    max: options.loginRateLimit * LOGIN_ADDRESS_FACTOR,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `login-address|${request.ip}`,
  });
  async function limitLoginsPerAddress(request: FastifyRequest, reply: FastifyReply) {
    const result = await addressLimit(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('Retry-After', String(result.ttlInSeconds));
      throw tooManyRequests();
    }
  }

  app.post(
    '/signup',
    {
      config: { rateLimit: { max: options.signupRateLimit, timeWindow: '1 hour' } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: signupSchema,
        response: { 201: authResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/login',
    {
      config: {
        rateLimit: {
          max: options.loginRateLimit,
          timeWindow: '15 minutes',
          keyGenerator: loginRateKey,
        },
      },
      preHandler: limitLoginsPerAddress,
      schema: {
        tags: ['auth'],
        summary: 'Sign in',
        body: loginSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => auth.login(request.body),
  );

  app.get(
    '/me',
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => auth.currentUser(request.user.id),
  );

  app.put(
    '/setup',
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        summary: 'Complete setup or change the default currency',
        security: [{ bearerAuth: [] }],
        body: setupSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => auth.completeSetup(request.user.id, request.body),
  );
}
