import {
  authResponseSchema,
  messageSchema,
  passkeyListSchema,
  passkeyLoginSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
} from '@moneta/shared';
import { z } from 'zod';
import { clientOf } from '../../http/client-info';
import { errorAnswers } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import type { Authenticators } from '../../plugins/authenticate';
import type { AuthService } from '../auth/auth-service';
import { LOGIN_ADDRESS_FACTOR } from '../auth/sign-in-throttle';
import type { PasskeysService } from './passkeys-service';
import { relyingPartyFor, type RelyingPartyConfig } from './relying-party';

export interface PasskeysRoutesOptions {
  passkeys: PasskeysService;
  auth: AuthService;
  authenticators: Authenticators;
  relyingParty: RelyingPartyConfig;
  loginRateLimit: number;
}

const errors = errorAnswers(400, 401, 403, 404, 409, 429);

export async function passkeysRoutes(app: App, options: PasskeysRoutesOptions): Promise<void> {
  const { passkeys, auth } = options;
  const { authenticateSession } = options.authenticators;
  const tags = ['passkeys'];
  const security = SESSION_ONLY_SECURITY;
  const relyingParty = (request: Parameters<typeof relyingPartyFor>[1]) =>
    relyingPartyFor(options.relyingParty, request);

  app.post(
    '/passkeys/register/options',
    {
      onRequest: authenticateSession,
      schema: {
        tags,
        security,
        summary: 'Options for navigator.credentials.create() to add a passkey',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => passkeys.registrationOptions(request.user, relyingParty(request)),
  );

  app.post(
    '/passkeys/register',
    {
      onRequest: authenticateSession,
      schema: {
        tags,
        security,
        summary: 'Add the passkey the browser created (its answer and an optional name)',
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await passkeys.register(
            request.user,
            request.body,
            relyingParty(request),
            clientOf(request),
          ),
        ),
  );

  app.get(
    '/passkeys',
    {
      onRequest: authenticateSession,
      schema: {
        tags,
        security,
        summary: "The user's passkeys, newest first",
        response: { 200: passkeyListSchema, ...errors },
      },
    },
    async (request) => passkeys.list(request.user.id),
  );

  app.delete(
    '/passkeys/:id',
    {
      onRequest: authenticateSession,
      schema: {
        tags,
        security,
        summary: 'Remove a passkey',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await passkeys.remove(request.user.id, request.params.id, clientOf(request));
      return { message: 'Passkey removed.' };
    },
  );

  app.post(
    '/passkeys/login/options',
    {
      // Each call stores a challenge: bounded per address like sign-ins.
      config: {
        rateLimit: {
          max: options.loginRateLimit * LOGIN_ADDRESS_FACTOR,
          timeWindow: '15 minutes',
        },
      },
      schema: {
        tags,
        summary: 'Options for navigator.credentials.get() to sign in with a passkey',
        response: { 200: passkeyOptionsSchema, ...errors },
      },
    },
    async (request) => passkeys.loginOptions(relyingParty(request)),
  );

  app.post(
    '/passkeys/login',
    {
      schema: {
        tags,
        summary: 'Sign in with the passkey the browser used → a session token',
        body: passkeyLoginSchema,
        response: { 200: authResponseSchema, ...errors },
      },
    },
    async (request) => {
      const client = clientOf(request);
      const userId = await passkeys.login(request.body, relyingParty(request), client);
      return auth.signInAs(userId, client, 'passkey');
    },
  );
}
