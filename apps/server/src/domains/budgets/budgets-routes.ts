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
import { prose } from '../../plugins/api-docs';
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
    async (request) => budgets.list(request.household, request.query),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: "A month's budgets added up, with the month's income",
        description: "The Budgets page's totals row.",
        querystring: budgetMonthQuerySchema,
        response: { 200: budgetSummarySchema, ...errors },
      },
    },
    async (request) => budgets.summary(request.household, request.query),
  );

  app.post(
    '/copy',
    {
      schema: {
        tags,
        security,
        summary: "Copy one month's budgets to the categories another month lacks",
        description: prose`
          Each budget is copied with its amount, \`rollover\` and \`repeat\`. Both months are read
          as they are shown: the source's repeated budgets are copied too, and a category the
          target shows repeated is not missing. A source month without budgets is a 400
          \`NO_BUDGETS_TO_COPY\`; the same month twice a 400 \`VALIDATION\`.`,
        body: budgetCopyInputSchema,
        response: { 201: budgetCopyResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await budgets.copy(request.household, request.user.id, request.body)),
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
      reply
        .status(201)
        .send(await budgets.create(request.household, request.user.id, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a budget',
        description: prose`
          A budget that repeats, sent with its category and a later month, sets that month's own
          budget and leaves the repeating one as it was (see **Repeat every month**); 409
          \`BUDGET_EXISTS\` when that month has a budget of the category. The answer is then the
          new budget.`,
        params: idParams,
        body: budgetInputSchema,
        response: { 200: budgetSchema, 409: apiErrorSchema, ...errors },
      },
    },
    async (request) =>
      budgets.update(request.household, request.user.id, request.params.id, request.body),
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
      await budgets.remove(request.household.id, request.params.id, request.query);
      return { message: 'Budget deleted.' };
    },
  );
}
