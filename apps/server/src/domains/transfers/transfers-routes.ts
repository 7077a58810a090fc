import {
  transferInputSchema,
  transferListQuerySchema,
  transferPageSchema,
  transferSchema,
  apiErrorSchema,
  messageSchema,
} from '@moneta/shared';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { TransfersService } from './transfers-service';

export interface TransfersRoutesOptions {
  transfers: TransfersService;
  authenticate: Authenticate;
}

const idParams = z.object({ id: z.string().max(64) });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

export async function transfersRoutes(app: App, options: TransfersRoutesOptions): Promise<void> {
  const { transfers } = options;
  app.addHook('onRequest', options.authenticate);
  const tags = ['transfers'];
  const security = [{ bearerAuth: [] }];

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
