import {
  apiErrorSchema,
  messageSchema,
  recurringInputSchema,
  recurringListSchema,
  recurringSchema,
} from '@moneta/shared';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { RecurringService } from './recurring-service';

export interface RecurringRoutesOptions {
  recurring: RecurringService;
  authenticate: Authenticate;
}

const idParams = z.object({ id: z.string().max(64) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export async function recurringRoutes(app: App, options: RecurringRoutesOptions): Promise<void> {
  const { recurring } = options;
  app.addHook('onRequest', options.authenticate);
  const tags = ['recurring'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List recurring transactions (by next due date)',
        response: { 200: recurringListSchema, ...errors },
      },
    },
    async (request) => recurring.list(request.user.id),
  );

  app.post(
    '/create',
    {
      schema: {
        tags,
        security,
        summary: 'Create a recurring transaction; occurrences up to today are recorded at once',
        body: recurringInputSchema,
        response: { 201: recurringSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await recurring.create(request.user, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a recurring transaction; missing occurrences up to today are recorded',
        params: idParams,
        body: recurringInputSchema,
        response: { 200: recurringSchema, ...errors },
      },
    },
    async (request) => recurring.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a recurring transaction (the transactions it recorded stay)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await recurring.remove(request.user.id, request.params.id);
      return { message: 'Recurring transaction deleted.' };
    },
  );
}
