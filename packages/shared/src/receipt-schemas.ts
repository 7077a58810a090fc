import { z } from './zod';
import { transactionSchema } from './transaction-schemas';

export const RECEIPT_MESSAGES = {
  noFile: 'Please select a file to upload.',
  uploadFailed: 'Upload failed. Please try again.',
  wrongType: 'Only JPG, PNG and PDF receipts can be read.',
} as const;

/** What the file picker offers; the server decides by the file's bytes, not its name. */
export const RECEIPT_FILE_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

export const receiptMimeTypes = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ReceiptMimeType = (typeof receiptMimeTypes)[number];

export const extractedDataSchema = z.object({
  merchant: z.string(),
  amount: z.number(),
  category: z.string(),
  date: z.string(),
});
export type ExtractedData = z.infer<typeof extractedDataSchema>;

export const receiptSchema = z.object({
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
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptUploadResultSchema = z.object({
  _id: z.string(),
  fileUrl: z.string(),
  imageUrl: z.string(),
  extractedData: extractedDataSchema,
  transaction: transactionSchema,
});
export type ReceiptUploadResult = z.infer<typeof receiptUploadResultSchema>;
