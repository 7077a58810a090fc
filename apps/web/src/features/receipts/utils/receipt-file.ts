import { findCatalogueCurrency } from '@moneta/shared/currency-catalogue';
import { RECEIPT_MESSAGES, receiptMimeTypes } from '@moneta/shared/receipt-schemas';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldMessage } from '@/lib/forms/field-message';
import type { LocaleFormat } from '@/lib/i18n/locale-format';

const RECEIPT_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;

export function isPdfFile(file: Pick<File, 'name' | 'type'>): boolean {
  return file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));
}

/**
 * A quick check of a dropped or picked file, by its type or name. The server has the last word
 * (it looks at the bytes), so this only saves a round trip for an obviously wrong file.
 */
export function isReceiptFile(file: Pick<File, 'name' | 'type'>): boolean {
  return (
    (receiptMimeTypes as readonly string[]).includes(file.type) ||
    RECEIPT_EXTENSIONS.test(file.name)
  );
}

/**
 * Answers whose message tells the user what to do: no file (400), uploaded already (409, naming
 * the expense it made), too large (413), not a receipt type (415), no total found (422), reader
 * busy (503). Anything else gets the product's fixed fallback text
 * (`RECEIPT_MESSAGES.uploadFailed`).
 */
const HELPFUL_STATUSES = new Set([400, 409, 413, 415, 422, 503]);

export function uploadErrorMessage(error: unknown): string {
  // Both in the user's language: the server's by its code (errorMessage), the fallback by its key.
  const fallback = fieldMessage({ message: RECEIPT_MESSAGES.uploadFailed });
  return error instanceof ApiError && HELPFUL_STATUSES.has(error.status)
    ? errorMessage(error, fallback)
    : fallback;
}

/** "1.2 MB", "340 KB": the size shown next to a chosen file. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The currency of a receipt's amount: the one printed on it, when Moneta knows it (the expense
 * is in that currency, docs/currencies.md), else `fallback` (the user's).
 */
export function receiptCurrency(
  reading: { currency?: string | null | undefined },
  fallback: string,
): string {
  return reading.currency && findCatalogueCurrency(reading.currency) ? reading.currency : fallback;
}

/**
 * A receipt's amount always with two decimals (docs/architecture.md, Product rules), even in a
 * currency usually shown without them (JPY): it is what was read and stored, to the cent. Written
 * the user's locale's way (`format` from useFormat()): en-US '$8.37', de-DE '8,37 $'.
 */
export function formatReceiptAmount(
  format: LocaleFormat,
  amount: number,
  currency: string,
): string {
  return format.number(amount, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}
