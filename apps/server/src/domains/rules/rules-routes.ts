import {
  messageSchema,
  ruleApplyResultSchema,
  ruleInputSchema,
  ruleListSchema,
  ruleSchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { RulesService } from './rules-service';

export interface RulesRoutesOptions {
  rules: RulesService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404, 409);

/** Rules that categorise transactions by their text (docs/architecture.md, Rules). */
export async function rulesRoutes(app: App, options: RulesRoutesOptions): Promise<void> {
  const { rules } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'rules');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List rules in the order they are tried (the first match wins)',
        response: { 200: ruleListSchema, ...errors },
      },
    },
    async (request) => rules.list(request.household.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add a rule (at `position`, default last)',
        body: ruleInputSchema,
        response: { 201: ruleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await rules.create(request.household.id, request.user.id, request.body)),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a rule; `position` moves it',
        params: idParams,
        body: ruleInputSchema,
        response: { 200: ruleSchema, ...errors },
      },
    },
    async (request) =>
      rules.update(request.household.id, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a rule (transactions keep their categories)',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await rules.remove(request.household.id, request.params.id);
      return { message: 'Rule deleted.' };
    },
  );

  app.post(
    '/:id/apply',
    {
      schema: {
        tags,
        security,
        summary:
          'Recategorise existing transactions the rule decides (it matches, no earlier rule does)',
        description: prose`
          A split transaction keeps its category (its largest part's) and its parts: only
          the rule's \`rename\` applies to it.`,
        params: idParams,
        response: { 200: ruleApplyResultSchema, ...errors },
      },
    },
    async (request) => rules.apply(request.household.id, request.user.id, request.params.id),
  );
}
