import {
  apiErrorSchema,
  bulkDeleteSchema,
  bulkEditResultSchema,
  bulkEditSchema,
  bulkRevertSchema,
  pageQueryShape,
  trashPageSchema,
  trashRestoreSchema,
  chartDataSchema,
  chartQuerySchema,
  idempotencyKeySchema,
  messageSchema,
  transactionFiltersSchema,
  transactionInputSchema,
  transactionListQuerySchema,
  transactionPageSchema,
  transactionSchema,
  transactionSummarySchema,
  summaryQuerySchema,
  transactionUpdateSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { IdempotencyService } from '../idempotency/idempotency-service';
import { EXPORT_FILE_NAME } from './csv-export';
import type { TransactionsService } from './transactions-service';

export interface TransactionsRoutesOptions {
  transactions: TransactionsService;
  idempotency: IdempotencyService;
  authenticate: Authenticate;
}

const errors = errorAnswers(400, 401, 404);
/** Other headers pass through untouched: the object only describes the optional key. */
const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });

export async function transactionsRoutes(
  app: App,
  options: TransactionsRoutesOptions,
): Promise<void> {
  const { transactions } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'transactions');

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
      const { page, limit, includeTransfers, ...filters } = request.query;
      return includeTransfers
        ? transactions.listWithTransfers(request.user, filters, page, limit)
        : transactions.list(request.user, filters, page, limit);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Record a transaction',
        description:
          'With an Idempotency-Key header, the same key and body within 24 hours returns the first answer (marked Idempotent-Replayed: true) and records nothing new; the same key with another body is refused with 422.',
        headers: idempotencyHeaders,
        body: transactionInputSchema,
        response: { 201: transactionSchema, ...errors, 422: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const key = request.headers['idempotency-key'];
      if (key === undefined) {
        return reply.status(201).send(await transactions.create(userId, request.body));
      }
      const answer = await options.idempotency.once(
        { userId, key, operation: 'POST /transactions', input: request.body },
        async (tx) => ({
          statusCode: 201,
          body: await transactions.create(userId, request.body, { tx }),
        }),
      );
      if (answer.isReplay) reply.header('Idempotent-Replayed', 'true');
      return reply.status(answer.statusCode).send(answer.body);
    },
  );

  app.get(
    '/summary',
    {
      schema: {
        tags,
        security,
        summary: 'Totals over a period (default: all time) and the 5 newest transactions',
        querystring: summaryQuerySchema,
        response: { 200: transactionSummarySchema, ...errors },
      },
    },
    async (request) => transactions.summary(request.user, request.query),
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
      const csv = await transactions.exportCsv(request.user, request.query);
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

  app.patch(
    '/bulk',
    {
      schema: {
        tags,
        security,
        summary: 'Give several transactions the same category, account, name, date, note or tags',
        description:
          'All or nothing: if any id is not one of your transactions, nothing changes (404). The answer holds what each row had before in `previous`, which POST /transactions/bulk/revert puts back.',
        body: bulkEditSchema,
        response: { 200: bulkEditResultSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) =>
      transactions.bulkEdit(request.user.id, request.body.transactionIds, request.body.set),
  );

  app.post(
    '/bulk/revert',
    {
      schema: {
        tags,
        security,
        summary: 'Undo a bulk edit: put back the `previous` values it answered',
        body: bulkRevertSchema,
        response: { 200: bulkEditResultSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (request) => transactions.bulkRevert(request.user.id, request.body.previous),
  );

  app.get(
    '/trash',
    {
      schema: {
        tags,
        security,
        summary: 'Deleted transactions, restorable for 30 days, the latest deleted first',
        querystring: z.object(pageQueryShape),
        response: { 200: trashPageSchema, ...errors },
      },
    },
    async (request) => transactions.trash(request.user.id, request.query.page, request.query.limit),
  );

  app.post(
    '/trash/restore',
    {
      schema: {
        tags,
        security,
        summary: 'Put deleted transactions back, all or nothing',
        body: trashRestoreSchema,
        response: { 200: messageSchema.extend({ restoredCount: z.number() }), ...errors },
      },
    },
    async (request) => {
      const restoredCount = await transactions.restoreFromTrash(
        request.user.id,
        request.body.transactionIds,
      );
      return { message: `${restoredCount} transaction(s) restored.`, restoredCount };
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
        body: transactionUpdateSchema,
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
