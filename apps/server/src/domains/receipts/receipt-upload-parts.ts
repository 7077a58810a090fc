import { ErrorCode, RECEIPT_MESSAGES } from '@moneta/shared';
import { badRequest } from '../../http/app-error';
import type { MultipartPart } from '../../http/multipart-upload';

/** What a receipt upload carries: the file, and the account its expense goes to, if chosen. */
export interface ReceiptUpload {
  bytes: Buffer;
  fileName: string;
  /** The `accountId` field, trimmed; absent (or empty) means the default account. */
  accountId?: string;
}

/**
 * Collects a receipt upload's parts in the order they arrive: the file in the field `receipt`
 * and an optional `accountId` field, before or after it. Other text fields are ignored, as
 * they always were.
 */
export async function collectReceiptUpload(
  parts: AsyncIterable<MultipartPart>,
): Promise<ReceiptUpload> {
  let file: { bytes: Buffer; fileName: string } | undefined;
  let accountId: string | undefined;
  for await (const part of parts) {
    if (part.kind === 'field') {
      if (part.name === 'accountId' && part.value.trim() !== '') accountId = part.value.trim();
      continue;
    }
    if (part.name !== 'receipt') {
      part.skip();
      throw badRequest('Send the file in the field named "receipt".', ErrorCode.WRONG_FIELD);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.chunks) chunks.push(chunk);
    file = { bytes: Buffer.concat(chunks), fileName: part.fileName };
  }
  if (!file) throw badRequest(RECEIPT_MESSAGES.noFile, ErrorCode.NO_FILE);
  if (file.bytes.length === 0) throw badRequest(RECEIPT_MESSAGES.noFile, ErrorCode.EMPTY_FILE);
  return accountId === undefined ? file : { ...file, accountId };
}
