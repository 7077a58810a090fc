import { ATTACHMENT_MESSAGES, ErrorCode } from '@moneta/shared';
import { badRequest } from '../../http/app-error';
import type { MultipartPart } from '../../http/multipart-upload';

/** The field an attachment's file is sent in (docs/api.md, Attachments). */
export const ATTACHMENT_FIELD = 'file';

/** The one file of an attachment upload; text fields are ignored. */
export async function collectAttachmentUpload(
  parts: AsyncIterable<MultipartPart>,
): Promise<{ bytes: Buffer; fileName: string }> {
  let file: { bytes: Buffer; fileName: string } | undefined;
  for await (const part of parts) {
    if (part.kind === 'field') continue;
    if (part.name !== ATTACHMENT_FIELD) {
      part.skip();
      throw badRequest(
        `Send the file in the field named "${ATTACHMENT_FIELD}".`,
        ErrorCode.WRONG_FIELD,
      );
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.chunks) chunks.push(chunk);
    file = { bytes: Buffer.concat(chunks), fileName: part.fileName };
  }
  if (!file) throw badRequest(ATTACHMENT_MESSAGES.noFile, ErrorCode.NO_FILE);
  if (file.bytes.length === 0) throw badRequest(ATTACHMENT_MESSAGES.noFile, ErrorCode.EMPTY_FILE);
  return file;
}
