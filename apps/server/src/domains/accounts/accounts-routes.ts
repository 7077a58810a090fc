import {
  accountInputSchema,
  accountListSchema,
  accountSchema,
  apiErrorSchema,
  registerPageSchema,
  registerQuerySchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { AccountsService } from './accounts-service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  authenticate: Authenticate;
}

const idParams = z.object({ id: z.string().max(64) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export async function accountsRoutes(app: App, options: AccountsRoutesOptions): Promise<void> {
  const { accounts } = options;
  app.addHook('onRequest', options.authenticate);
  const tags = ['accounts'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List accounts with their balances (archived last)',
        response: { 200: accountListSchema, ...errors },
      },
    },
    async (request) => accounts.list(request.user.id),
  );

  app.get(
    '/:id/register',
    {
      schema: {
        tags,
        security,
        summary: "An account's transactions and transfers, newest first",
        params: idParams,
        querystring: registerQuerySchema,
        response: { 200: registerPageSchema, ...errors },
      },
    },
    async (request) => accounts.register(request.user.id, request.params.id, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add an account',
        body: accountInputSchema,
        response: { 201: accountSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await accounts.create(request.user.id, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename, retype, archive or restore an account',
        params: idParams,
        body: accountInputSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => accounts.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an empty account (never the last one)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await accounts.remove(request.user.id, request.params.id);
      return { message: 'Account deleted.' };
    },
  );
}
