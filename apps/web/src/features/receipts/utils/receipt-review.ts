import type { ExtractedData, FieldConfidence } from '@moneta/shared/receipt-schemas';

/**
 * Below this a field was read with too little certainty to be trusted unseen: it is marked
 * "Check this" and the upload screen waits for the user instead of moving on. The server's
 * confidences reach 0.8 only for a clearly printed, unambiguous field (or one the user taught).
 */
export const LOW_CONFIDENCE = 0.8;

export type ReviewedField = keyof FieldConfidence;

const REVIEWED_FIELDS: readonly ReviewedField[] = ['merchant', 'amount', 'date'];

/** The fields worth a look; a reading kept from before confidences existed has none. */
export function unsureFields(reading: ExtractedData): ReviewedField[] {
  const { confidence } = reading;
  if (!confidence) return [];
  return REVIEWED_FIELDS.filter((field) => confidence[field] < LOW_CONFIDENCE);
}

/** No date was found on the receipt: the server used today's, with no confidence at all. */
export function isDateMissing(reading: ExtractedData): boolean {
  return reading.confidence?.date === 0;
}

/** The currency printed on the receipt, when it is not the one the user keeps accounts in. */
export function foreignCurrency(reading: ExtractedData, userCurrency: string): string | null {
  const read = reading.currency?.toUpperCase();
  return read && read !== userCurrency.toUpperCase() ? read : null;
}
