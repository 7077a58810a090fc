import { z } from './zod';
import { MAX_NOTE_LENGTH } from './limits';
import { toStoredHundredths } from './money';
import {
  AMOUNT_DECIMALS_MESSAGE,
  TRANSACTION_MESSAGES,
  amountSchema,
  categoryNameSchema,
} from './field-schemas';

/** How many parts a split transaction has (docs/api.md, Transaction). */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 50;

/**
 * One part of a split: its own category and amount (in the transaction's currency and
 * direction: a part of the other direction is refused, never netted), and an optional note.
 */
export const splitPartSchema = z.object({
  category: categoryNameSchema,
  amount: amountSchema(TRANSACTION_MESSAGES.splitPartAmount, {
    decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
  }),
  note: z
    .string()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters long.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});

/** 2–50 parts, as sent; their sum is checked against the cost with the whole transaction. */
export const splitPartsSchema = z
  .array(splitPartSchema, { message: TRANSACTION_MESSAGES.splitCount })
  .min(MIN_SPLIT_PARTS, TRANSACTION_MESSAGES.splitCount)
  .max(MAX_SPLIT_PARTS, TRANSACTION_MESSAGES.splitCount);

export type SplitPartInput = z.input<typeof splitPartSchema>;
export type ValidSplitPart = z.output<typeof splitPartSchema>;

/**
 * True when the parts add up to exactly `cost`, compared in stored hundredths so that binary
 * noise (0.1 + 0.2) can neither pass a wrong sum nor refuse a right one.
 */
export function splitsAddUpTo(parts: readonly { amount: number }[], cost: number): boolean {
  const sum = parts.reduce((total, part) => total + toStoredHundredths(part.amount), 0);
  return sum === toStoredHundredths(cost);
}

/** The part whose category the split transaction carries: the largest, the first of equals. */
export function largestSplitPart<Part extends { amount: number }>(parts: readonly Part[]): Part {
  return parts.reduce((largest, part) => (part.amount > largest.amount ? part : largest));
}
