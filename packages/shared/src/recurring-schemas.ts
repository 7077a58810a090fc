import { z } from './zod';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from './limits';
import { FREQUENCIES } from './recurrence';
import {
  AMOUNT_DECIMALS_MESSAGE,
  amountSchema,
  calendarDateSchema,
  dateText,
  categoryNameSchema,
  idSchema,
} from './field-schemas';

/** Start dates are kept to the years budgets use, which bounds any rule's backlog. */
export const RECURRING_MIN_START_DATE = '2000-01-01';
export const RECURRING_MAX_START_DATE = '2100-12-31';

export const RECURRING_MESSAGES = {
  nameRequired: 'Please enter a name for the recurring transaction.',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters long.`,
  categoryRequired: 'Please select a category.',
  categoryTooLong: `Category must be at most ${MAX_CATEGORY_LENGTH} characters long.`,
  amountInvalid: 'Please enter a valid amount greater than 0.',
  isIncomeInvalid: 'isIncome must be true or false.',
  frequencyInvalid: 'Frequency must be daily, weekly, monthly or annually.',
  startDateOutOfRange: `The start date must be between ${RECURRING_MIN_START_DATE} and ${RECURRING_MAX_START_DATE}.`,
  intervalInvalid: 'Repeat every 1 to 365 days, weeks, months or years.',
  endBeforeStart: 'The end date must not be before the start date.',
  noteTooLong: `Note must be at most ${MAX_NOTE_LENGTH} characters long.`,
  upcomingDaysInvalid: 'days must be a whole number from 1 to 366.',
} as const;

export const MAX_RECURRING_INTERVAL = 365;

/**
 * What the client sends to create or update a recurring transaction. The fields after
 * `startDate` are optional (the original client sends none of them): on create they default to
 * the first account, every period, no end and no note; on update, one left out stays as stored.
 */
export const recurringInputSchema = z
  .object({
    name: z
      .string({ message: RECURRING_MESSAGES.nameRequired })
      .trim()
      .min(1, RECURRING_MESSAGES.nameRequired)
      .max(MAX_NAME_LENGTH, RECURRING_MESSAGES.nameTooLong),
    category: categoryNameSchema,
    amount: amountSchema(RECURRING_MESSAGES.amountInvalid, {
      decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
    }),
    isIncome: z.boolean({ message: RECURRING_MESSAGES.isIncomeInvalid }),
    frequency: z.enum(FREQUENCIES, { message: RECURRING_MESSAGES.frequencyInvalid }),
    startDate: calendarDateSchema
      .refine((date) => date >= RECURRING_MIN_START_DATE && date <= RECURRING_MAX_START_DATE, {
        message: RECURRING_MESSAGES.startDateOutOfRange,
      })
      .describe(`${RECURRING_MIN_START_DATE} to ${RECURRING_MAX_START_DATE}.`),
    accountId: idSchema('accountId')
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null))
      .describe(
        'The account its occurrences go to; null or empty for the first account (the default ' +
          'on create). Left out on an update, the stored one stays.',
      ),
    interval: z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\s*\d{1,4}\s*$/)
            .transform(Number),
        ],
        {
          message: RECURRING_MESSAGES.intervalInvalid,
        },
      )
      // Described before the pipe: a description on the piped union drops its string branch
      // from the JSON Schema.
      .describe(
        `1–${MAX_RECURRING_INTERVAL}: every \`interval\` days, weeks, months or years. Default 1 ` +
          'on create; left out on an update, the stored one stays.',
      )
      .pipe(
        z
          .number()
          .int(RECURRING_MESSAGES.intervalInvalid)
          .min(1, RECURRING_MESSAGES.intervalInvalid)
          .max(MAX_RECURRING_INTERVAL, RECURRING_MESSAGES.intervalInvalid),
      )
      .optional(),
    endDate: z
      .union([calendarDateSchema, z.literal('').transform(() => null), z.null()])
      .describe(
        'Not before `startDate`: no occurrence after it; null or empty for none (the default on ' +
          'create). Left out on an update, the stored one stays.',
      )
      .optional(),
    note: z
      .string()
      .max(MAX_NOTE_LENGTH, RECURRING_MESSAGES.noteTooLong)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value?.trim() || null))
      .describe(
        'Given to each occurrence. Left out on an update, the stored one stays (the original ' +
          'client sends none of `accountId`, `interval`, `endDate`, `note`).',
      ),
  })
  .refine((input) => !input.endDate || input.endDate >= input.startDate, {
    path: ['endDate'],
    message: RECURRING_MESSAGES.endBeforeStart,
  });
export type RecurringInput = z.input<typeof recurringInputSchema>;
export type ValidRecurringInput = z.output<typeof recurringInputSchema>;

export const recurringSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    category: z.string(),
    amount: z.number(),
    isIncome: z.boolean(),
    frequency: z.enum(FREQUENCIES),
    startDate: dateText(),
    nextDueDate: dateText().describe(
      'The first occurrence not recorded yet: after today once the rule has caught up.',
    ),
    accountId: z
      .string()
      .nullable()
      .describe(
        "Where occurrences go; null once that account was deleted (the user's first account " +
          'then).',
      ),
    interval: z.number().describe('Every `interval` days, weeks, months or years.'),
    endDate: dateText().nullable().describe('No occurrence after it.'),
    note: z.string().nullable().describe('Given to each occurrence.'),
    isEnded: z
      .boolean()
      .describe('The next occurrence would fall after `endDate`: nothing more is recorded.'),
  })
  .meta({ id: 'Recurring' });
export type Recurring = z.infer<typeof recurringSchema>;

export const recurringListSchema = z.array(recurringSchema);

export const upcomingQuerySchema = z.object({
  days: z.coerce
    .number({ message: RECURRING_MESSAGES.upcomingDaysInvalid })
    .int(RECURRING_MESSAGES.upcomingDaysInvalid)
    .min(1, RECURRING_MESSAGES.upcomingDaysInvalid)
    .max(366, RECURRING_MESSAGES.upcomingDaysInvalid)
    .default(30),
});

/** An occurrence still to come, as the dashboard's Upcoming lists it. */
export const upcomingOccurrenceSchema = z.object({
  recurringId: z.string(),
  name: z.string(),
  amount: z.number(),
  isIncome: z.boolean(),
  accountId: z.string().nullable(),
  date: dateText(),
});
export type UpcomingOccurrence = z.infer<typeof upcomingOccurrenceSchema>;
export const upcomingListSchema = z.array(upcomingOccurrenceSchema);
