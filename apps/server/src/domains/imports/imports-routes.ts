import {
  apiErrorSchema,
  importCommitResultSchema,
  importCommitSchema,
  importMappingBodySchema,
  importRowsPageSchema,
  importRowsQuerySchema,
  importSchema,
  importSummarySchema,
  importUndoResultSchema,
} from '@moneta/shared';
import { z } from 'zod';
import type { HeavyWork } from '../../http/heavy-work';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import type { Authenticate } from '../../plugins/authenticate';
import type { ImportsService } from './imports-service';

export interface ImportsRoutesOptions {
  imports: ImportsService;
  heavyWork: HeavyWork;
  authenticate: Authenticate;
  importMaxMb: number;
}

const errors = errorAnswers(400, 401, 404, 409);

/** Import of bank files (docs/architecture.md, Imports). */
export async function importsRoutes(app: App, options: ImportsRoutesOptions): Promise<void> {
  const { imports } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'imports');

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Your imports, newest first (without their rows)',
        response: { 200: z.array(importSummarySchema), ...errors },
      },
    },
    async (request) => imports.list(request.user.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Upload a bank file (multipart field "file": CSV, OFX/QFX, QIF or CAMT.053; optional field "accountId") and get its preview; nothing is created yet',
        consumes: ['multipart/form-data'],
        response: { 201: importSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireMultipart(request, 'Send the file as multipart/form-data in the field "file".');
      const created = await imports.upload(
        request.user,
        multipartParts(request, { maxMb: options.importMaxMb }),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'An import with its first rows as a preview',
        params: idParams,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) => imports.get(request.user.id, request.params.id),
  );

  app.get(
    '/:id/rows',
    {
      schema: {
        tags,
        security,
        summary: "A page of an import's rows, optionally of one status",
        params: idParams,
        querystring: importRowsQuerySchema,
        response: { 200: importRowsPageSchema, ...errors },
      },
    },
    async (request) => imports.rows(request.user.id, request.params.id, request.query),
  );

  app.put(
    '/:id/mapping',
    {
      schema: {
        tags,
        security,
        summary: "Change a CSV import's column mapping; the rows are read again",
        params: idParams,
        body: importMappingBodySchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) => imports.changeMapping(request.user, request.params.id, request.body.mapping),
  );

  app.post(
    '/:id/commit',
    {
      schema: {
        tags,
        security,
        summary:
          'Create the transactions (new rows, and duplicates included explicitly) in one database transaction',
        params: idParams,
        body: importCommitSchema,
        response: { 200: importCommitResultSchema, ...errors },
      },
    },
    async (request) =>
      options.heavyWork.run(request, () =>
        imports.commit(request.user, request.params.id, request.body ?? {}),
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Undo an import: delete the transactions it created',
        params: idParams,
        response: { 200: importUndoResultSchema, ...errors },
      },
    },
    async (request) => imports.undo(request.user.id, request.params.id),
  );
}
