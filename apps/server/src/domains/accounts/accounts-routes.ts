import {
  accountInputSchema,
  accountListSchema,
  accountSchema,
  registerPageSchema,
  registerQuerySchema,
  messageSchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { AccountsService } from './accounts-service';

export interface AccountsRoutesOptions {
  accounts: AccountsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404, 409);

export async function accountsRoutes(app: App, options: AccountsRoutesOptions): Promise<void> {
  const { accounts } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'accounts');

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
    async (request) => accounts.list(request.household),
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
    async (request) => accounts.register(request.household, request.params.id, request.query),
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
      reply
        .status(201)
        .send(await accounts.create(request.household, request.user.id, request.body)),
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
    async (request) => accounts.update(request.household, request.params.id, request.body),
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
      await accounts.remove(request.household.id, request.params.id);
      return { message: 'Account deleted.' };
    },
  );
}
