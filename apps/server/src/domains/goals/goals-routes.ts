import { goalInputSchema, goalListSchema, goalSchema, messageSchema } from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { GoalsService } from './goals-service';

export interface GoalsRoutesOptions {
  goals: GoalsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

/** Savings goals (docs/api.md, Goals). */
export async function goalsRoutes(app: App, options: GoalsRoutesOptions): Promise<void> {
  const { goals } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'goals');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List savings goals with what is saved and needed per month',
        description: "The user's goals, oldest first.",
        response: { 200: goalListSchema, ...errors },
      },
    },
    async (request) => goals.list(request.household),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add a savings goal',
        body: goalInputSchema,
        response: { 201: goalSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await goals.create(request.household, request.user.id, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a savings goal',
        description:
          'The body is that of `POST`; an optional field left out keeps its stored value, null ' +
          'clears `targetDate` or `accountId`.',
        params: idParams,
        body: goalInputSchema,
        response: { 200: goalSchema, ...errors },
      },
    },
    async (request) => goals.update(request.household, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a savings goal',
        description: 'The account and its money stay.',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await goals.remove(request.household.id, request.params.id);
      return { message: 'Goal deleted.' };
    },
  );
}
