import {
  apiErrorSchema,
  authResponseSchema,
  changePasswordSchema,
  loginResponseSchema,
  loginSchema,
  loginSecondFactorSchema,
  setupSchema,
  signupSchema,
  userSchema,
} from '@moneta/shared';
import { clientOf } from '../../http/client-info';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticators } from '../../plugins/authenticate';
import type { AuthService } from './auth-service';

export interface AuthRoutesOptions {
  auth: AuthService;
  authenticators: Authenticators;
  signupRateLimit: number;
}

const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/**
 * Sign-up, sign-in (with its two-factor step), the user and the password. Failed sign-ins are
 * counted in PostgreSQL by the auth service (sign-in-throttle.ts); sign-up is limited per address.
 */
export async function authRoutes(app: App, options: AuthRoutesOptions): Promise<void> {
  const { auth } = options;
  const { authenticate, authenticateSession } = options.authenticators;
  const tags = ['auth'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/signup',
    {
      config: { rateLimit: { max: options.signupRateLimit, timeWindow: '1 hour' } },
      schema: {
        tags,
        summary: 'Create an account',
        body: signupSchema,
        response: { 201: authResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await auth.signup(request.body, clientOf(request))),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary:
          'Sign in; with two-factor on, the answer is a challenge for POST /auth/login/2fa and no token',
        body: loginSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => auth.login(request.body, clientOf(request)),
  );

  app.post(
    '/login/2fa',
    {
      schema: {
        tags,
        summary: 'Finish a two-factor sign-in with a code from the app or a backup code',
        body: loginSecondFactorSchema,
        response: { 200: authResponseSchema, ...errorResponses },
      },
    },
    async (request) => auth.loginSecondFactor(request.body, clientOf(request)),
  );

  app.get(
    '/me',
    {
      onRequest: authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security,
        response: { 200: userSchema, 401: apiErrorSchema },
      },
    },
    async (request) => auth.currentUser(request.user.id, request.household),
  );

  app.put(
    '/setup',
    {
      onRequest: authenticate,
      // Any member keeps their own locale here; the base currency and time zone are the
      // household's, which only its owner changes (the service refuses another member's change).
      config: { householdRole: 'viewer' },
      schema: {
        tags,
        summary: 'Complete setup or change the default currency, time zone or locale',
        description: prose`
          Settings sends them here. The first choice of a base currency is also that of
          the accounts that hold nothing yet (the one made at sign-up); a later change
          converts every total on read and leaves each account's and transaction's
          currency as it is.`,
        security,
        body: setupSchema,
        response: { 200: userSchema, ...errorResponses },
      },
    },
    async (request) => auth.completeSetup(request.user.id, request.household, request.body),
  );

  app.put(
    '/password',
    {
      onRequest: authenticateSession,
      schema: {
        tags,
        summary:
          'Change the password; every session ends and the caller goes on with the new token',
        security: SESSION_ONLY_SECURITY,
        body: changePasswordSchema,
        response: { 200: authResponseSchema, ...errorResponses, 403: apiErrorSchema },
      },
    },
    async (request) => auth.changePassword(request.user, request.body, clientOf(request)),
  );
}
