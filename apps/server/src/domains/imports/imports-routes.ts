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
import { isHeavyUpload, type HeavyWork } from '../../http/heavy-work';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import { errorAnswers, idParams, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import type { ImportsService } from './imports-service';

export interface ImportsRoutesOptions {
  imports: ImportsService;
  heavyWork: HeavyWork;
  authenticate: Authenticate;
  importMaxMb: number;
}

const errors = errorAnswers(400, 401, 404, 409);

/** `POST /imports`: what the upload takes, and how a file's statements find their accounts. */
const UPLOAD_DESCRIPTION = prose`
  Body: \`multipart/form-data\` with the file in the field \`file\` (at most
  \`IMPORT_MAX_MB\`) and, optionally, the field \`accountId\` (default: the
  account whose identifier the file names — OFX \`ACCTID\`, CAMT.053 statement
  IBAN — else the user's default account).

  A file of several accounts (an OFX with several statements, a QIF with
  \`!Account\` blocks; see docs/imports-multi-account.md) lists them in
  \`statements\`: each goes to the account that carries its identifier, else to
  the one with its name (ignoring case), each account at most once; the
  \`accountId\` field, when sent and not found so, takes the first statement left;
  the others are offered as new accounts (\`accountId: null\`). The import's
  \`accountId\` is that of its first statement going to an existing account.

  A CSV exported by YNAB (register), Actual Budget, Mint or Firefly III is
  recognised by its header (column order, case, a BOM and extra columns do not
  matter) and read by that app's columns without a mapping (\`sourceApp\`,
  \`mapping: null\`; docs/imports-other-apps.md): each account named in the file
  is a statement, matched by name or offered as a new account even when the file
  names only one (the \`accountId\` field takes none of them); transfers the app
  records between two accounts of the file are paired as one transfer; a YNAB or
  Actual split is one row with its parts (\`splits\`), committed as one split
  transaction. An export none of whose rows can be read is refused (400
  \`NO_TRANSACTIONS\`, the first row's problem in the message).

  A file over 1 MB is read as heavy work, like a commit: while another heavy job
  of the household runs (a restore, a commit, an export, another large file), or
  two of any household's run on the server, it is refused with 409 \`BUSY\` and
  \`Retry-After\`.`;

/** `POST /imports/:id/commit`: what transfer rows become. */
const COMMIT_DESCRIPTION = prose`
  Transfer rows become transfers: out of the row's account (the import's, or its
  statement's) for an expense row, into it for an income row. A row with
  \`matchOf\` replaces that transaction: it becomes the transfer's other leg. Two
  rows of the file paired by \`matchRow\` become one transfer between their
  statements' accounts, with both rows' dates, bank ids and amounts (\`amount\`
  out, \`toAmount\` in, each in its account's currency). A transfer row to an
  account in another currency without a recorded other leg gets its \`toAmount\`
  at the row's day's rate.

  Heavy work (see Fair share and heavy work): while another restore, commit or
  full export of the user runs, 409 \`BUSY\` and nothing is committed.`;

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
    async (request) => imports.list(request.household.id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary:
          'Upload a bank file (multipart field "file": CSV, OFX/QFX, QIF or CAMT.053; optional field "accountId") and get its preview; nothing is created yet',
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data'],
        response: { 201: importSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireMultipart(request, 'Send the file as multipart/form-data in the field "file".');
      const upload = () =>
        imports.upload(
          request.household.id,
          request.user,
          multipartParts(request, { maxMb: options.importMaxMb }),
        );
      const created = isHeavyUpload(request)
        ? await options.heavyWork.run(request, upload)
        : await upload();
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
    async (request) => imports.get(request.household.id, request.params.id),
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
    async (request) => imports.rows(request.household.id, request.params.id, request.query),
  );

  app.put(
    '/:id/mapping',
    {
      schema: {
        tags,
        security,
        summary: "Change a CSV import's column mapping; the rows are read again",
        description: prose`
          An app's export read by its own columns (\`sourceApp\`) has no mapping: 400
          \`NOT_CSV\`, nothing changes.`,
        params: idParams,
        body: importMappingBodySchema,
        response: { 200: importSchema, ...errors },
      },
    },
    async (request) =>
      imports.changeMapping(
        request.household.id,
        request.user,
        request.params.id,
        request.body.mapping,
      ),
  );

  app.post(
    '/:id/commit',
    {
      schema: {
        tags,
        security,
        summary:
          'Create the transactions (new rows, and duplicates included explicitly) in one database transaction',
        description: COMMIT_DESCRIPTION,
        params: idParams,
        body: importCommitSchema,
        response: { 200: importCommitResultSchema, ...errors },
      },
    },
    async (request) =>
      options.heavyWork.run(request, () =>
        imports.commit(request.household, request.user, request.params.id, request.body ?? {}),
      ),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Undo an import: delete the transactions it created',
        description: prose`
          It deletes the transactions the import created, and the transfer legs its rows
          became. A transfer whose other leg was a transaction it replaced is deleted and
          that transaction comes back as it was; one whose other leg is another import's
          row stays, without this import's trace.

          The accounts the commit created for the file's statements are deleted too when
          they then hold nothing: no transaction, no transfer, and no other import goes to
          them. The import stays in the history (\`status: undone\`).`,
        params: idParams,
        response: { 200: importUndoResultSchema, ...errors },
      },
    },
    async (request) => imports.undo(request.household.id, request.user.id, request.params.id),
  );
}
