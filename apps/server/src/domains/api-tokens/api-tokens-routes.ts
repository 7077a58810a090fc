import {
  apiTokenInputSchema,
  apiTokenListSchema,
  createdApiTokenSchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { clientOf } from '../../http/client-info';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { SESSION_ONLY_SECURITY } from '../../plugins/api-docs';
import { askedHousehold, type Authenticators } from '../../plugins/authenticate';
import type { ApiTokensService } from './api-tokens-service';

export interface ApiTokensRoutesOptions {
  apiTokens: ApiTokensService;
  authenticators: Authenticators;
}

const errors = errorAnswers(400, 401, 403, 404);

/** API tokens are managed from a signed-in session only: no token can make or list tokens. */
export async function apiTokensRoutes(app: App, options: ApiTokensRoutesOptions): Promise<void> {
  const { apiTokens } = options;
  const { tags } = signedInArea(app, options.authenticators.authenticateSession, 'api tokens');
  const security = SESSION_ONLY_SECURITY;

  app.get(
    '/tokens',
    {
      schema: {
        tags,
        security,
        summary: "The user's API tokens, newest first (never their secrets)",
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (request) => apiTokens.list(request.user.id),
  );

  app.post(
    '/tokens',
    {
      schema: {
        tags,
        security,
        summary: 'Create an API token for scripts; its secret is in this answer only',
        body: apiTokenInputSchema,
        response: { 201: createdApiTokenSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await apiTokens.create(
          request.user,
          {
            ...request.body,
            householdId: request.body.householdId ?? askedHousehold(request) ?? undefined,
          },
          clientOf(request),
        ),
      ),
  );

  app.delete(
    '/tokens/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke an API token',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await apiTokens.revoke(request.user.id, request.params.id, clientOf(request));
      return { message: 'Token revoked.' };
    },
  );
}
