import { z } from './zod';
import { receiptMimeTypes } from './receipt-schemas';

/** The most files one transaction holds (its receipt included). */
export const MAX_ATTACHMENTS_PER_TRANSACTION = 20;

export const ATTACHMENT_MESSAGES = {
  wrongType: 'Attach a JPG, PNG or PDF file.',
  noFile: 'Choose a file to attach.',
} as const;

/**
 * A file held by a transaction. A receipt's file is its expense's first attachment
 * (`isReceipt`), with the receipt's id.
 */
export const attachmentSchema = z
  .object({
    _id: z.string(),
    transactionId: z.string(),
    fileName: z
      .string()
      .describe(
        'The uploaded name without paths or control characters, with the extension its bytes ' +
          'call for.',
      ),
    mimeType: z.enum(receiptMimeTypes),
    sizeBytes: z.number(),
    createdAt: z.string(),
    isReceipt: z.boolean(),
  })
  .meta({ id: 'Attachment' });
export type Attachment = z.infer<typeof attachmentSchema>;
