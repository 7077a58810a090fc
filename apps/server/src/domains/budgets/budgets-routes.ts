import {
  apiErrorSchema,
  budgetCopyInputSchema,
  budgetCopyResultSchema,
  budgetDeleteQuerySchema,
  budgetMonthQuerySchema,
  budgetSummarySchema,
  budgetInputSchema,
  budgetListQuerySchema,
  budgetListSchema,
  budgetSchema,
  messageSchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { BudgetsService } from './budgets-service';

export interface BudgetsRoutesOptions {
  budgets: BudgetsService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);

export async function budgetsRoutes(app: App, options: BudgetsRoutesOptions): Promise<void> {
  const { budgets } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'budgets');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "List budgets with that month's spending (newest month first)",
        querystring: budgetListQuerySchema,
        response: { 200: budgetListSchema, ...errors },
      },
    },
    async (request) => budgets.list(request.user, request.query),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: "A month's budgets added up, with the month's income",
        querystring: budgetMonthQuerySchema,
        response: { 200: budgetSummarySchema, ...errors },
      },
    },
    async (request) => budgets.summary(request.user, request.query),
  );

  app.post(
    '/copy',
    {
      schema: {
        tags,
        security,
        summary: "Copy one month's budgets to the categories another month lacks",
        body: budgetCopyInputSchema,
        response: { 201: budgetCopyResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await budgets.copy(request.user, request.body)),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Set a monthly budget for a category',
        body: budgetInputSchema,
        response: { 201: budgetSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await budgets.create(request.user, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a budget',
        params: idParams,
        body: budgetInputSchema,
        response: { 200: budgetSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) => budgets.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a budget, or stop its repeat from a later month on',
        params: idParams,
        querystring: budgetDeleteQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await budgets.remove(request.user.id, request.params.id, request.query);
      return { message: 'Budget deleted.' };
    },
  );
}
