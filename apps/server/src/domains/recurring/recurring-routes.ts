import {
  messageSchema,
  recurringInputSchema,
  recurringListSchema,
  recurringSchema,
  upcomingListSchema,
  upcomingQuerySchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { RecurringService } from './recurring-service';

export interface RecurringRoutesOptions {
  recurring: RecurringService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

export async function recurringRoutes(app: App, options: RecurringRoutesOptions): Promise<void> {
  const { recurring } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'recurring');

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
    async (request) => recurring.list(request.household.id),
  );

  app.get(
    '/upcoming',
    {
      schema: {
        tags,
        security,
        summary: 'The occurrences still to come in the next `days` days (default 30), oldest first',
        description:
          "From tomorrow (in the user's time zone) to `days` days ahead, oldest first; " +
          'ended rules have none.',
        querystring: upcomingQuerySchema,
        response: { 200: upcomingListSchema, ...errors },
      },
    },
    async (request) => recurring.upcoming(request.household.id, request.user, request.query.days),
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
      reply
        .status(201)
        .send(await recurring.create(request.household.id, request.user, request.body)),
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
    async (request) =>
      recurring.update(request.household.id, request.user, request.params.id, request.body),
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
      await recurring.remove(request.household.id, request.params.id);
      return { message: 'Recurring transaction deleted.' };
    },
  );
}
