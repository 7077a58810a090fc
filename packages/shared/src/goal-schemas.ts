import { z } from './zod';
import { MAX_NAME_LENGTH } from './limits';
import { currencyDecimals } from './money';
import { currencyCodeSchema } from './rate-schemas';
import { amountSchema, calendarDateSchema, dateText, idSchema } from './field-schemas';

export const GOAL_MESSAGES = {
  nameRequired: 'Please enter a name for the goal.',
  nameTooLong: `Goal name must be at most ${MAX_NAME_LENGTH} characters long.`,
  targetInvalid: 'Please enter a target amount greater than 0, with at most 2 decimals.',
  savedInvalid: 'Please enter the amount saved as 0 or more, with at most 2 decimals.',
  targetDatePast: 'The target date must be today or later.',
} as const;

/**
 * What the client sends to create or update a goal (docs/api.md, Goals). `saved` is what the user
 * records for a goal without an account; with one, the account's balance is what is saved.
 * `currency` defaults to the linked account's, else the base currency.
 */
export const goalInputSchema = z.object({
  name: z
    .string({ message: GOAL_MESSAGES.nameRequired })
    .trim()
    .min(1, GOAL_MESSAGES.nameRequired)
    .max(MAX_NAME_LENGTH, GOAL_MESSAGES.nameTooLong),
  targetAmount: amountSchema(GOAL_MESSAGES.targetInvalid).describe('Above 0.'),
  currency: currencyCodeSchema
    .optional()
    .describe("A code of `GET /api/currencies`; default the account's, else the base currency."),
  targetDate: calendarDateSchema
    .nullable()
    .optional()
    .describe('Today or later (400 `GOAL_DATE_PAST`).'),
  accountId: idSchema('accountId')
    .nullable()
    .optional()
    .describe('The account whose balance is what is saved.'),
  saved: amountSchema(GOAL_MESSAGES.savedInvalid, { sign: 'not-negative' })
    .optional()
    .describe('0 or more: what is saved, for a goal without an account.'),
});
export type GoalInput = z.input<typeof goalInputSchema>;
export type ValidGoalInput = z.output<typeof goalInputSchema>;

export const goalSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    targetAmount: z.number().describe('In `currency`.'),
    currency: z.string(),
    targetDate: dateText().nullable(),
    accountId: z.string().nullable().describe('The account whose balance is what is saved.'),
    saved: z
      .number()
      .nullable()
      .describe(
        "The account's balance in `currency` (at the latest rate known when the two differ; " +
          'null when there is none), or what the user recorded without an account.',
      ),
    percent: z
      .number()
      .nullable()
      .describe('Whole percent of `targetAmount` saved (may pass 100); null when `saved` is.'),
    monthlyNeeded: z
      .number()
      .nullable()
      .describe(
        'What is still missing divided over the months left, this month and the target ' +
          "date's month included (all of it when the date is this month or past), rounded up " +
          "to the currency's minor unit; 0 once reached; null without a date or `saved`.",
      ),
  })
  .meta({ id: 'Goal' });
export type Goal = z.infer<typeof goalSchema>;
export const goalListSchema = z.array(goalSchema);

/** Months from `today`'s month to `targetDate`'s, both counted; at least 1. */
export function monthsToSave(today: string, targetDate: string): number {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  return Math.max(1, index(targetDate) - index(today) + 1);
}

/**
 * A goal's progress from amounts in hundredths: whole percent saved (round half up, not capped
 * at 100) and what is needed per month, rounded up to the currency's minor unit so that that
 * much every month reaches the target.
 */
export function goalProgress(input: {
  targetCents: number;
  savedCents: number;
  currency: string;
  targetDate: string | null;
  today: string;
}): { percent: number; monthlyNeededCents: number | null } {
  const { targetCents, savedCents } = input;
  const percent = Math.round((Math.max(0, savedCents) / targetCents) * 100);
  if (input.targetDate === null) return { percent, monthlyNeededCents: null };
  const missing = Math.max(0, targetCents - savedCents);
  const step = 10 ** (2 - Math.min(2, currencyDecimals(input.currency)));
  const months = monthsToSave(input.today, input.targetDate);
  return { percent, monthlyNeededCents: Math.ceil(missing / months / step) * step };
}

const emptyAs = <T extends z.ZodType>(schema: T, empty: null | undefined) =>
  z.preprocess((value) => (value === '' ? empty : value), schema);

/**
 * The web's goal form: an empty date or account is none (null), an empty amount saved is left
 * out. Its output is a valid body for POST and PUT /goals.
 */
export const goalFormSchema = goalInputSchema.extend({
  targetDate: emptyAs(calendarDateSchema.nullable(), null),
  accountId: emptyAs(idSchema('accountId').nullable(), null),
  saved: emptyAs(
    amountSchema(GOAL_MESSAGES.savedInvalid, { sign: 'not-negative' }).optional(),
    undefined,
  ),
});
export type GoalFormInput = z.input<typeof goalFormSchema>;
export type ValidGoalFormInput = z.output<typeof goalFormSchema>;
