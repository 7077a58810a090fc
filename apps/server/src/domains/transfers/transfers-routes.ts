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
    async (request) => transfers.list(request.user.id, request.query),
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
      reply.status(201).send(await transfers.create(request.user.id, request.body)),
  );

  app.post(
    '/from-transactions',
    {
      schema: {
        tags,
        security,
        summary: 'Turn recorded transactions into one transfer (they were never income or expense)',
        body: transferFromTransactionsSchema,
        response: { 201: transferSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await transfers.fromTransactions(request.user.id, request.body)),
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
    async (request) => transfers.update(request.user.id, request.params.id, request.body),
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
      await transfers.remove(request.user.id, request.params.id);
      return { message: 'Transfer deleted.' };
    },
  );
}
