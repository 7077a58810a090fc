import {
  apiErrorSchema,
  bulkDeleteSchema,
  chartDataSchema,
  chartQuerySchema,
  messageSchema,
  transactionFiltersSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSchema,
  transactionSummarySchema,
} from '@moneta/shared';
import { z } from 'zod';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import { EXPORT_FILE_NAME } from './csv-export';
import type { TransactionsService } from './transactions-service';

export interface TransactionsRoutesOptions {
  transactions: TransactionsService;
  authenticate: Authenticate;
}

const idParams = z.object({ id: z.string().max(64) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export async function transactionsRoutes(
  app: App,
  options: TransactionsRoutesOptions,
): Promise<void> {
  const { transactions } = options;
  app.addHook('onRequest', options.authenticate);
  const tags = ['transactions'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List, search and filter transactions',
        querystring: transactionListQuerySchema,
        response: { 200: transactionPageSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      return transactions.list(request.user.id, filters, page, limit);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Record a transaction',
        body: transactionInputSchema,
        response: { 201: transactionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await transactions.create(request.user.id, request.body)),
  );

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: 'All-time totals and the 5 newest transactions',
        response: { 200: transactionSummarySchema, ...errors },
      },
    },
    async (request) => transactions.summary(request.user.id),
  );

  app.get(
    '/charts',
    {
      schema: {
        tags,
        security,
        summary: 'Chart data over a window (default: last 30 days)',
        querystring: chartQuerySchema,
        response: { 200: chartDataSchema, ...errors },
      },
    },
    async (request) => transactions.charts(request.user, request.query),
  );

  app.get(
    '/export',
    {
      schema: {
        tags,
        security,
        summary: 'Download transactions as CSV (same filters as the list)',
        querystring: transactionFiltersSchema,
      },
    },
    async (request, reply) => {
      const csv = await transactions.exportCsv(request.user.id, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );

  app.delete(
    '/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Delete several transactions, all or nothing',
        body: bulkDeleteSchema,
        response: { 200: messageSchema.extend({ deletedCount: z.number() }), ...errors },
      },
    },
    async (request) => {
      const deletedCount = await transactions.removeMany(
        request.user.id,
        request.body.transactionIds,
      );
      return { message: `${deletedCount} transaction(s) deleted.`, deletedCount };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Update a transaction',
        params: idParams,
        body: transactionInputSchema,
        response: { 200: transactionSchema, ...errors },
      },
    },
    async (request) => transactions.update(request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a transaction',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await transactions.remove(request.user.id, request.params.id);
      return { message: 'Transaction deleted.' };
    },
  );
}
