import {
  apiErrorSchema,
  receiptReviewSchema,
  receiptSchema,
  receiptUploadResultSchema,
  reviewedReceiptSchema,
} from '@moneta/shared';
import { z } from 'zod';
import { sendStoredFile } from '../../http/file-reply';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import { errorAnswers } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import { collectReceiptUpload } from './receipt-upload-parts';
import type { ReceiptsService } from './receipts-service';
import type { ReceiptView } from './signed-urls';

export interface ReceiptsRoutesOptions {
  receipts: ReceiptsService;
  authenticate: Authenticate;
  uploadMaxMb: number;
}

const errors = errorAnswers(400, 401, 404);

export async function receiptsRoutes(app: App, options: ReceiptsRoutesOptions): Promise<void> {
  const { receipts, authenticate } = options;
  const tags = ['receipts'];
  const security = [{ bearerAuth: [] }];

  app.post(
    '/upload',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          'Upload a receipt (multipart field "receipt": JPG, PNG or PDF; optional field "accountId") and create the expense read from it',
        description: prose`
          Body: \`multipart/form-data\` with the file in the field \`receipt\` (one file,
          at most \`UPLOAD_MAX_MB\`) and, optionally, a text field \`accountId\` (before
          or after the file): the account the expense is charged to. Without it, or empty,
          the expense goes to the default account (the oldest one not archived).

          Errors: 404 \`ACCOUNT_NOT_FOUND\` when \`accountId\` is not one of the user's
          accounts (another user's, unknown or malformed), checked before the file is
          read; nothing is stored.`,
        consumes: ['multipart/form-data'],
        response: {
          201: receiptUploadResultSchema,
          ...errors,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      requireMultipart(request, 'Send the receipt as multipart/form-data in the field "receipt".');
      const upload = await collectReceiptUpload(
        multipartParts(request, { maxMb: options.uploadMaxMb, fileField: 'receipt' }),
      );
      const result = await receipts.upload(request.household.id, request.user, upload);
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: "The user's receipts, newest first",
        response: { 200: z.array(receiptSchema), ...errors },
      },
    },
    async (request) => receipts.list(request.household.id),
  );

  app.put(
    '/:id',
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary:
          "Confirm or correct a receipt's reading: updates the reading and its expense, and remembers the merchant and category for the shop",
        params: z.object({ id: z.string().max(64) }),
        body: receiptReviewSchema,
        response: { 200: reviewedReceiptSchema, ...errors },
      },
    },
    async (request) =>
      receipts.review(request.household.id, request.user, request.params.id, request.body),
  );

  const summaries: Record<ReceiptView, string> = {
    file: 'The receipt file, for its owner (bearer token) or through a signed URL',
    image:
      "The receipt's picture (the image itself, or a PDF's page 1 as a PNG), for its owner or through a signed URL",
  };
  const answers: Record<ReceiptView, string> = {
    file: 'the file as uploaded',
    image: "the picture (the image itself, or a PDF's first page as a PNG)",
  };
  for (const view of ['file', 'image'] as const) {
    app.get(
      `/:id/${view}`,
      {
        schema: {
          tags,
          summary: summaries[view],
          description: prose`
            Answer \`200\`: ${answers[view]}, with its content type,
            \`Cache-Control: private, max-age=900\` and
            \`Cross-Origin-Resource-Policy: cross-origin\` (so the original client may show it
            from another origin).`,
          'x-auth':
            "the owner's Bearer token, or a signed URL (`expires` and `signature` in the query, " +
            'as `fileUrl`/`imageUrl` give them).',
          params: z.object({ id: z.string().max(64) }),
          querystring: z.object({
            expires: z.coerce
              .number()
              .int()
              .optional()
              .describe('Unix time in seconds (a signed URL lasts 15 minutes).'),
            signature: z.string().max(128).optional(),
          }),
        },
      },
      async (request, reply) => {
        const { expires, signature } = request.query;
        let shown;
        if (signature !== undefined && expires !== undefined) {
          shown = await receipts.view(request.params.id, view, { expires, signature });
        } else {
          await authenticate(request, reply);
          shown = await receipts.view(request.params.id, view, {
            householdId: request.household.id,
          });
        }
        return sendStoredFile(reply, shown);
      },
    );
  }
}
