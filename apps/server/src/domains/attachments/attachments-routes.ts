import { apiErrorSchema, attachmentSchema, messageSchema } from '@moneta/shared';
import { z } from 'zod';
import { sendStoredFile } from '../../http/file-reply';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
import { prose } from '../../plugins/api-docs';
import type { Authenticate } from '../../plugins/authenticate';
import { ATTACHMENT_FIELD, collectAttachmentUpload } from './attachment-upload-parts';
import type { AttachmentsService } from './attachments-service';

export interface AttachmentsRoutesOptions {
  attachments: AttachmentsService;
  authenticate: Authenticate;
  uploadMaxMb: number;
}

const errors = errorAnswers(400, 401, 404);
const transactionParams = z.object({ id: z.string().max(64) });
const attachmentParams = transactionParams.extend({ aid: z.string().max(64) });

/** /transactions/:id/attachments: the files a transaction holds (docs/api.md, Attachments). */
export async function attachmentsRoutes(
  app: App,
  options: AttachmentsRoutesOptions,
): Promise<void> {
  const { attachments } = options;
  const { tags, security } = signedInArea(app, options.authenticate, 'attachments');

  app.get(
    '/:id/attachments',
    {
      schema: {
        tags,
        security,
        summary: "A transaction's files: its receipt first, then the others as attached",
        description: prose`
          The others in the order they were attached. 404 \`TRANSACTION_NOT_FOUND\`.`,
        params: transactionParams,
        response: { 200: z.array(attachmentSchema), ...errors },
      },
    },
    async (request) => attachments.list(request.household.id, request.params.id),
  );

  app.post(
    '/:id/attachments',
    {
      schema: {
        tags,
        security,
        summary: `Attach a file to a transaction (multipart field "${ATTACHMENT_FIELD}": JPG, PNG or PDF)`,
        description: prose`
          Body: multipart/form-data, the file in the field \`file\`.

          Errors: 400 \`NO_FILE\`, \`EMPTY_FILE\`, \`WRONG_FIELD\`, \`INVALID_MULTIPART\`;
          404 \`TRANSACTION_NOT_FOUND\`; 409 \`ATTACHMENT_EXISTS\` (the same bytes are
          attached to this transaction already, its receipt included) or
          \`TOO_MANY_ATTACHMENTS\`; 413 \`FILE_TOO_LARGE\`; 415 \`UNSUPPORTED_FILE_TYPE\`
          (not a JPG, PNG or PDF by its bytes) or \`NOT_MULTIPART\`.

          An expense holding a file attached by hand also refuses that file as a receipt
          (\`POST /api/receipts/upload\` → 409 \`RECEIPT_ALREADY_UPLOADED\`, "This receipt
          is attached already to the expense "…" of YYYY-MM-DD.").`,
        consumes: ['multipart/form-data'],
        params: transactionParams,
        response: {
          201: attachmentSchema,
          ...errorAnswers(400, 401, 404, 409),
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await attachments.assertOwnTransaction(request.household.id, request.params.id);
      requireMultipart(
        request,
        `Send the file as multipart/form-data in the field "${ATTACHMENT_FIELD}".`,
      );
      const file = await collectAttachmentUpload(
        multipartParts(request, { maxMb: options.uploadMaxMb, fileField: ATTACHMENT_FIELD }),
      );
      const attachment = await attachments.add(
        request.household.id,
        request.user.id,
        request.params.id,
        file,
      );
      return reply.status(201).send(attachment);
    },
  );

  app.get(
    '/:id/attachments/:aid/file',
    {
      schema: {
        tags,
        security,
        summary: 'The attached file itself',
        description: prose`
          Answer \`200\`: the file as uploaded, with its content type,
          \`Content-Disposition: inline\` with its name, \`X-Content-Type-Options:
          nosniff\` and, for images, a sandboxing Content-Security-Policy.

          Errors: 404 \`TRANSACTION_NOT_FOUND\`, \`ATTACHMENT_NOT_FOUND\`.`,
        params: attachmentParams,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await attachments.file(request.household.id, request.params.id, request.params.aid),
      ),
  );

  app.delete(
    '/:id/attachments/:aid',
    {
      schema: {
        tags,
        security,
        summary: "Delete one of a transaction's files (its receipt's too)",
        description: prose`
          Deleting the receipt's file deletes the receipt (its reading too); the expense
          stays, and the same file may be read as a receipt again. Deleting a transaction
          deletes its attached files (a receipt stays, as before).

          Errors: 404 \`TRANSACTION_NOT_FOUND\`, \`ATTACHMENT_NOT_FOUND\`.`,
        params: attachmentParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await attachments.remove(request.household.id, request.params.id, request.params.aid);
      return { message: 'Attachment deleted.' };
    },
  );
}
