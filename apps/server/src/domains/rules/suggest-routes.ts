import { apiErrorSchema, suggestionSchema, suggestQuerySchema } from '@moneta/shared';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { RulesService } from './rules-service';

export interface SuggestRoutesOptions {
  rules: RulesService;
  authenticate: Authenticate;
}

/**
 * GET /transactions/suggest: the category the transaction form pre-selects as the user types
 * a name (docs/architecture.md, Rules). Registered under /transactions, like the categories routes.
 */
export async function suggestRoutes(app: App, options: SuggestRoutesOptions): Promise<void> {
  app.addHook('onRequest', options.authenticate);
  app.get(
    '/suggest',
    {
      schema: {
        tags: ['rules'],
        security: [{ bearerAuth: [] }],
        summary: 'Suggest a category for a name: a rule, else your history, else the default',
        querystring: suggestQuerySchema,
        response: { 200: suggestionSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) =>
      options.rules.suggest(request.household.id, request.user.id, {
        name: request.query.name.trim(),
        isIncome: request.query.isIncome,
      }),
  );
}
