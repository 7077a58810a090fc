import { apiErrorSchema, attachmentSchema, messageSchema } from '@moneta/shared';
import { z } from 'zod';
import { sendStoredFile } from '../../http/file-reply';
import { multipartParts, requireMultipart } from '../../http/multipart-upload';
import { errorAnswers, signedInArea } from '../../http/route-schemas';
import type { App } from '../../http/types';
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
        params: transactionParams,
        response: { 200: z.array(attachmentSchema), ...errors },
      },
    },
    async (request) => attachments.list(request.user.id, request.params.id),
  );

  app.post(
    '/:id/attachments',
    {
      schema: {
        tags,
        security,
        summary: `Attach a file to a transaction (multipart field "${ATTACHMENT_FIELD}": JPG, PNG or PDF)`,
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
      await attachments.assertOwnTransaction(request.user.id, request.params.id);
      requireMultipart(
        request,
        `Send the file as multipart/form-data in the field "${ATTACHMENT_FIELD}".`,
      );
      const file = await collectAttachmentUpload(
        multipartParts(request, { maxMb: options.uploadMaxMb, fileField: ATTACHMENT_FIELD }),
      );
      const attachment = await attachments.add(request.user.id, request.params.id, file);
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
        params: attachmentParams,
      },
    },
    async (request, reply) =>
      sendStoredFile(
        reply,
        await attachments.file(request.user.id, request.params.id, request.params.aid),
      ),
  );

  app.delete(
    '/:id/attachments/:aid',
    {
      schema: {
        tags,
        security,
        summary: "Delete one of a transaction's files (its receipt's too)",
        params: attachmentParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await attachments.remove(request.user.id, request.params.id, request.params.aid);
      return { message: 'Attachment deleted.' };
    },
  );
}
