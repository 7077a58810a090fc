import { z } from './zod';
import { MAX_NAME_LENGTH } from './limits';
import {
  AMOUNT_DECIMALS_MESSAGE,
  amountSchema,
  calendarDateSchema,
  categoryNameSchema,
  transactionSchema,
} from './transaction-schemas';

export const RECEIPT_MESSAGES = {
  noFile: 'Please select a file to upload.',
  uploadFailed: 'Upload failed. Please try again.',
  wrongType: 'Only JPG, PNG and PDF receipts can be read.',
  merchantRequired: 'Please enter the merchant.',
  amountInvalid: 'Please enter a valid amount greater than 0.',
} as const;

/** What the file picker offers; the server decides by the file's bytes, not its name. */
export const RECEIPT_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export const receiptMimeTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ReceiptMimeType = (typeof receiptMimeTypes)[number];

/** How sure the reading is of each field, 0–1; 0 for a date not found (then today is shown). */
export const fieldConfidenceSchema = z.object({
  merchant: z.number().min(0).max(1),
  amount: z.number().min(0).max(1),
  date: z.number().min(0).max(1),
});
export type FieldConfidence = z.infer<typeof fieldConfidenceSchema>;

export const extractedDataSchema = z.object({
  merchant: z.string(),
  amount: z.number(),
  category: z.string(),
  date: z.string(),
  /** ISO 4217 code of the currency printed on the receipt; null when it prints none. */
  currency: z.string().nullable().optional(),
  confidence: fieldConfidenceSchema.optional(),
});
export type ExtractedData = z.infer<typeof extractedDataSchema>;

export const receiptSchema = z
  .object({
    _id: z.string(),
    fileName: z.string(),
    mimeType: z.enum(receiptMimeTypes),
    sizeBytes: z.number(),
    createdAt: z.string(),
    /** A short-lived signed URL of the file, usable in <img src> without a header. */
    fileUrl: z.string(),
    /** The same for the receipt's picture: the image itself, or a PDF's page 1 as a PNG. */
    imageUrl: z.string(),
    extractedData: extractedDataSchema,
    /** How sure the reading was of each field, 0–1. */
    confidence: z.object({
      merchant: z.number(),
      total: z.number(),
      date: z.number(),
      category: z.number(),
    }),
    /** The expense created from it; null once that expense is deleted. */
    transactionId: z.string().nullable(),
    createdBy: z
      .string()
      .nullable()
      .optional()
      .describe('The member who uploaded it; null when that user has left the instance.'),
    updatedBy: z
      .string()
      .nullable()
      .optional()
      .describe(
        'The member who last reviewed it (else its uploader); null when that user has left.',
      ),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptUploadResultSchema = z.object({
  _id: z.string(),
  fileUrl: z.string(),
  imageUrl: z.string(),
  extractedData: extractedDataSchema,
  transaction: transactionSchema,
});
export type ReceiptUploadResult = z.infer<typeof receiptUploadResultSchema>;

/**
 * The user's review of a receipt's reading (PUT /receipts/:id): the fields of its expense, with
 * the rules of a transaction's (docs/receipts.md). The merchant is the expense's name.
 */
export const receiptReviewSchema = z.object({
  merchant: z
    .string({ message: RECEIPT_MESSAGES.merchantRequired })
    .trim()
    .min(1, RECEIPT_MESSAGES.merchantRequired)
    .max(MAX_NAME_LENGTH, `Merchant must be at most ${MAX_NAME_LENGTH} characters long.`),
  amount: amountSchema(RECEIPT_MESSAGES.amountInvalid, {
    decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
  }),
  date: calendarDateSchema,
  category: categoryNameSchema,
});
export type ReceiptReview = z.input<typeof receiptReviewSchema>;

/** A reviewed receipt: its corrected reading, and the expense it now matches. */
export const reviewedReceiptSchema = receiptSchema.extend({ transaction: transactionSchema });
export type ReviewedReceipt = z.infer<typeof reviewedReceiptSchema>;
