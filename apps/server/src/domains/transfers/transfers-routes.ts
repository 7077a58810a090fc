import {
  transferFromTransactionsSchema,
  transferInputSchema,
  transferListQuerySchema,
  transferPageSchema,
  transferSchema,
  messageSchema,
} from '@moneta/shared';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { TransfersService } from './transfers-service';

export interface TransfersRoutesOptions {
  transfers: TransfersService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404, 409);

export async function transfersRoutes(app: App, options: TransfersRoutesOptions): Promise<void> {
  const { transfers } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'transfers');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: "List transfers, newest first (optionally one account's)",
        querystring: transferListQuerySchema,
        response: { 200: transferPageSchema, ...errors },
      },
    },
    async (request) => transfers.list(request.household.id, request.query),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Move money between two of your accounts',
        body: transferInputSchema,
        response: { 201: transferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await transfers.create(request.household.id, request.user.id, request.body)),
  );

  app.post(
    '/from-transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Turn recorded transactions into one transfer (they were never income or expense)',
        description: prose`
          They were money moved between the user's own accounts. Either two transactions — an
          expense and an income of the same amount in two different accounts — or one
          transaction and the other account. The transactions are deleted; the transfer keeps
          their dates (\`date\` from the expense, \`toDate\` from the income), the first note,
          and their imports (a re-import of their files sees the legs as duplicates). A split
          transaction may be one of them (a transfer has no category): the transfer keeps it with
          its parts, so that undoing the import of the other leg puts it back split.

          With one transaction and the other account, the other account's own row of the same
          movement, when it has one (the opposite direction, a date within ±3 days, the same
          amount — or, between two currencies, the amount sent at its day's rate within 2 % of
          the amount received), becomes the other leg, as if both transactions had been chosen:
          never a second leg beside it.

          Errors: 404 \`TRANSACTION_NOT_FOUND\` (an id that is not the user's: nothing changes),
          404 \`ACCOUNT_NOT_FOUND\`, 400 \`TRANSFER_LEGS_INVALID\` (not an expense and an income,
          the same account, different amounts), 409 \`TRANSFER_OTHER_LEG_AMBIGUOUS\` (one
          transaction and an account holding two or more rows that could be its other side; the
          message names their dates, and nothing changes: choose the two transactions).`,
        body: transferFromTransactionsSchema,
        response: { 201: transferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await transfers.fromTransactions(request.household.id, request.user.id, request.body),
        ),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a transfer',
        params: idParams,
        body: transferInputSchema,
        response: { 200: transferSchema, ...errors },
      },
    },
    async (request) =>
      transfers.update(request.household.id, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a transfer',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await transfers.remove(request.household.id, request.params.id);
      return { message: 'Transfer deleted.' };
    },
  );
}
