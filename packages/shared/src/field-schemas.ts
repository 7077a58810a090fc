import { z } from './zod';
import { isCalendarDate } from './calendar-date';
import { MAX_CATEGORY_LENGTH } from './limits';
import { STORED_DECIMALS, hasAtMostDecimals, readDecimalText } from './money';

// The fields every schema of the API builds on: dates, amounts, category names, ids, optional
// text and paging.

/** The largest amount accepted: a trillion, far above any personal transaction. */
export const MAX_AMOUNT = 1_000_000_000_000;

export const TRANSACTION_MESSAGES = {
  nameRequired: 'Please enter a name for the transaction.',
  costInvalid: 'Please enter a valid cost greater than 0.',
  costDecimals: `Please enter a cost with at most ${STORED_DECIMALS} decimals.`,
  categoryRequired: 'Please select a category.',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD).',
  baseCostInvalid: 'Please enter what the bank charged as an amount greater than 0.',
  splitCount: 'A split needs 2 to 50 parts.',
  splitPartAmount:
    'Every part of a split goes the same way as the transaction: enter an amount greater than 0.',
  splitSum: 'The parts of a split must add up to exactly the amount.',
} as const;

/**
 * A calendar date. A full ISO timestamp is accepted too and its date part kept, for clients
 * that send `new Date().toISOString()`.
 */
export const calendarDateSchema = z
  .string({ message: TRANSACTION_MESSAGES.dateInvalid })
  .transform((value) => (/^\d{4}-\d{2}-\d{2}T/.test(value) ? value.slice(0, 10) : value))
  .refine(isCalendarDate, { message: TRANSACTION_MESSAGES.dateInvalid })
  // Said in the OpenAPI description (a date `YYYY-MM-DD` in docs/api.md); checked by the refine.
  .meta({ format: 'date' });

/** A calendar date in an answer, `YYYY-MM-DD` (said as format date in the OpenAPI description). */
export const dateText = () => z.string().meta({ format: 'date' });

/** An amount with more decimals than are kept, said with how many are (docs/amounts.md). */
export const AMOUNT_DECIMALS_MESSAGE = `Please enter an amount with at most ${STORED_DECIMALS} decimals.`;

/** The decimal strings the API takes for an amount: "12.50", ".5", "-3"; never grouped. */
const AMOUNT_TEXT = /^\s*-?(?:\d+(?:\.\d+)?|\.\d+)\s*$/;

type AmountRules = {
  /** Which amounts the field takes: above 0 (the default), 0 and above, or any. */
  sign?: 'positive' | 'not-negative' | 'any';
  /** Said when the amount has more decimals than are kept; `message` by default. */
  decimalsMessage?: string;
};

/**
 * An amount as a JSON number or a decimal string ("12.50", ".5"), with at most STORED_DECIMALS
 * decimals. A string's decimals are counted in its text, so that a long one is refused rather
 * than rounded by the conversion to a number.
 */
export const amountSchema = (
  message: string,
  { sign = 'positive', decimalsMessage = message }: AmountRules = {},
) =>
  z
    .union([z.number(), z.string().regex(AMOUNT_TEXT, { message })], { message })
    .transform((input, ctx) => {
      const read =
        typeof input === 'number'
          ? { value: input, hasDecimalsKept: hasAtMostDecimals(input, STORED_DECIMALS) }
          : readDecimalText(input);
      const value = read?.value ?? Number.NaN;
      const isSignAllowed = sign === 'any' || (sign === 'positive' ? value > 0 : value >= 0);
      if (!read || !Number.isFinite(value) || !isSignAllowed || Math.abs(value) > MAX_AMOUNT) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      const hasDecimalsKept =
        'decimals' in read ? read.decimals <= STORED_DECIMALS : read.hasDecimalsKept;
      if (!hasDecimalsKept) {
        ctx.addIssue({ code: 'custom', message: decimalsMessage });
        return z.NEVER;
      }
      return value;
    });

/** A category's name, as every form and API call takes it (trimmed, 1–50 characters). */
export const categoryNameSchema = z
  .string({ message: TRANSACTION_MESSAGES.categoryRequired })
  .trim()
  .min(1, TRANSACTION_MESSAGES.categoryRequired)
  .max(MAX_CATEGORY_LENGTH, `Category must be at most ${MAX_CATEGORY_LENGTH} characters long.`);

/** An id sent by the client: the server answers 404 for one that is not the user's. */
export const idSchema = (label: string) =>
  z.string({ message: `${label} must be an id.` }).max(64, `${label} is not a valid id.`);

/**
 * A user's id where a filter names a member (`createdBy`): a UUID, else refused, since it is
 * compared with a uuid column and anything else can name no one.
 */
export const userIdSchema = (label: string) =>
  z
    .string({ message: `${label} must be a user id.` })
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      `${label} is not a valid user id.`,
    );

/** Optional text: trimmed, and none when blank. */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters long.`)
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null));

/** Query strings send an empty value for a cleared filter: treat it as no filter. */
export const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
/** `page` (≥ 1) and `limit` (1–100, default 10) of every paged list. */
export const pageQueryShape = {
  page: z.coerce
    .number({ message: 'page must be a whole number of at least 1.' })
    .int('page must be a whole number of at least 1.')
    .min(1, 'page must be a whole number of at least 1.')
    .max(1_000_000)
    .default(1),
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(10),
};
