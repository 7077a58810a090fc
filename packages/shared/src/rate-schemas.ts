import { z } from './zod';
import { isCalendarDate } from './calendar-date';
import { isCatalogueCurrency } from './currency-catalogue';
import { readDecimalText } from './money';
import { calendarDateSchema, dateText } from './field-schemas';

/** The ECB's reference rates start on 1999-01-04: no rate, the user's own included, before 1999. */
export const RATE_MIN_DATE = '1999-01-01';
export const RATE_MAX_DATE = '2100-12-31';
/** The largest rate taken: far above any real one (20,000 IDR or 2,000,000 TRL to the euro). */
export const MAX_RATE = 1_000_000_000;
/** Decimals a rate may have: the ECB publishes at most 6 significant digits. */
export const MAX_RATE_DECIMALS = 10;
/** The longest window `GET /api/rates` lists, in days. */
export const MAX_RATE_DAYS = 366;
/** The window `GET /api/rates` lists when none is given: the 30 days ending today. */
export const DEFAULT_RATE_DAYS = 30;
/**
 * How far back a day's rate may come from: the latest earlier day within 7 days (weekends and
 * holidays), else none (docs/currencies.md).
 */
export const RATE_LOOKBACK_DAYS = 7;

export const RATE_MESSAGES = {
  currencyInvalid: 'Currency must be one of the codes GET /api/currencies lists.',
  dateOutOfRange: `Rates are kept from ${RATE_MIN_DATE} to ${RATE_MAX_DATE}.`,
  rateInvalid: `Please enter a rate greater than 0 and at most ${MAX_RATE.toLocaleString('en-US')}, with at most ${MAX_RATE_DECIMALS} decimals.`,
  windowOrder: '`from` must not be after `to`.',
} as const;

/** The ISO 4217 code of a currency of the catalogue (upper case). */
export const currencyCodeSchema = z
  .string({ message: RATE_MESSAGES.currencyInvalid })
  .refine(isCatalogueCurrency, { message: RATE_MESSAGES.currencyInvalid });

export const currencySchema = z.object({
  code: z.string().describe('ISO 4217, upper case.'),
  name: z.string().describe('In English.'),
  symbol: z
    .string()
    .describe(
      'The narrow symbol: `$` for every dollar, `kr` for the crowns, the code where there is ' +
        'none, such as `CHF`.',
    ),
  decimals: z
    .number()
    .int()
    .describe('ISO 4217 minor-unit digits: 0 for JPY, ISK, KRW; 2 for HUF and IDR.'),
});
export type CurrencyDto = z.infer<typeof currencySchema>;
export const currencyListSchema = z.array(currencySchema);

/** Whether a calendar date is within the days rates are kept for. */
export function isRateDate(date: string): boolean {
  return isCalendarDate(date) && date >= RATE_MIN_DATE && date <= RATE_MAX_DATE;
}

const rateDateSchema = calendarDateSchema.refine(
  // A date that is no date has its message already.
  (date) => !isCalendarDate(date) || isRateDate(date),
  { message: RATE_MESSAGES.dateOutOfRange },
);

const RATE_TEXT = /^\s*(?:\d+(?:\.\d+)?|\.\d+)\s*$/;

/** A rate as a JSON number or a decimal string ("1.0845"): above 0, finite, not absurd. */
const rateValueSchema = z
  .union([
    z.number({ message: RATE_MESSAGES.rateInvalid }),
    z.string().regex(RATE_TEXT, { message: RATE_MESSAGES.rateInvalid }),
  ])
  .transform((input, ctx) => {
    const read = readDecimalText(typeof input === 'number' ? String(input) : input);
    if (!read || !(read.value > 0) || read.value > MAX_RATE || read.decimals > MAX_RATE_DECIMALS) {
      ctx.addIssue({ code: 'custom', message: RATE_MESSAGES.rateInvalid });
      return z.NEVER;
    }
    return read.value;
  });

/**
 * `PUT /api/rates`: the user's own rate for a day, in units of their base currency (their
 * `defaultCurrency`) per unit of `currency` (docs/currencies.md).
 */
export const rateInputSchema = z.object({
  currency: currencyCodeSchema.describe(
    'A code of `GET /api/currencies`, not your base currency (400 `RATE_FOR_BASE_CURRENCY`).',
  ),
  date: rateDateSchema.describe(`${RATE_MIN_DATE} to ${RATE_MAX_DATE}.`),
  rate: rateValueSchema.describe(
    `Above 0, at most ${MAX_RATE.toLocaleString('en-US')}, at most ${MAX_RATE_DECIMALS} ` +
      'decimals: units of your base currency per unit of `currency`.',
  ),
});
export type RateInput = z.input<typeof rateInputSchema>;

/**
 * `DELETE /api/rates/:currency/:date`: which of the user's own rates. Like an `:id`, a path
 * that names no rate of theirs (an unknown code, a date that is none) is not found (404), not
 * a 400: the service decides.
 */
export const rateKeyParamsSchema = z.object({
  currency: z.string().max(64),
  date: z.string().max(64),
});
export type RateKeyParams = z.output<typeof rateKeyParamsSchema>;
export type ValidRateInput = z.output<typeof rateInputSchema>;

const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** `GET /api/rates?currency&from&to`: one currency or every one, a window of days. */
export const rateListQuerySchema = z
  .object({
    currency: emptyAsMissing(
      currencyCodeSchema
        .optional()
        .describe('A code of `GET /api/currencies`; default every currency but the base.'),
    ),
    from: emptyAsMissing(
      rateDateSchema
        .optional()
        .describe(
          `${RATE_MIN_DATE} to ${RATE_MAX_DATE}; default ${DEFAULT_RATE_DAYS - 1} days before \`to\`.`,
        ),
    ),
    to: emptyAsMissing(
      rateDateSchema
        .optional()
        .describe(
          `Default ${DEFAULT_RATE_DAYS - 1} days after \`from\`, else today in your time zone.`,
        ),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: RATE_MESSAGES.windowOrder,
    path: ['from'],
  });
export type RateListQuery = z.output<typeof rateListQuerySchema>;

/** Where a rate comes from: the same currency, the ECB's reference rates, the user's own. */
export const RATE_SOURCES = ['same', 'ecb', 'manual', 'none'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/**
 * One day's rate of `currency` in `baseCurrency` units: the ECB's (through the euro) and the
 * user's own for that very day; `rate` is the one that counts (the user's own wins).
 */
export const rateSchema = z.object({
  currency: z.string(),
  baseCurrency: z.string().describe('Your `defaultCurrency`.'),
  date: dateText(),
  rate: z.number().describe("The one that counts: your own if you set one, else the ECB's."),
  source: z.enum(['ecb', 'manual']),
  ecbRate: z.number().nullable().describe("The ECB's rate of that very day, through the euro."),
  ownRate: z.number().nullable(),
});
export type Rate = z.infer<typeof rateSchema>;
export const rateListSchema = z.array(rateSchema);
