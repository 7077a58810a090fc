import { z } from './zod';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from './limits';
import { FREQUENCIES } from './recurrence';
import {
  AMOUNT_DECIMALS_MESSAGE,
  amountSchema,
  calendarDateSchema,
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
    startDate: calendarDateSchema.refine(
      (date) => date >= RECURRING_MIN_START_DATE && date <= RECURRING_MAX_START_DATE,
      { message: RECURRING_MESSAGES.startDateOutOfRange },
    ),
    /** The account its occurrences go to; null or empty for the first account. */
    accountId: idSchema('accountId')
      .nullish()
      .transform((value) => (value === undefined ? undefined : value || null)),
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
      .pipe(
        z
          .number()
          .int(RECURRING_MESSAGES.intervalInvalid)
          .min(1, RECURRING_MESSAGES.intervalInvalid)
          .max(MAX_RECURRING_INTERVAL, RECURRING_MESSAGES.intervalInvalid),
      )
      .optional(),
    /** No occurrence after it; null for none. */
    endDate: z
      .union([calendarDateSchema, z.literal('').transform(() => null), z.null()])
      .optional(),
    note: z
      .string()
      .max(MAX_NOTE_LENGTH, RECURRING_MESSAGES.noteTooLong)
      .nullish()
      .transform((value) => (value === undefined ? undefined : value?.trim() || null)),
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
    startDate: z.string(),
    /** The first occurrence not yet recorded: after today once the rule has caught up. */
    nextDueDate: z.string(),
    /** Null: the user's first account. */
    accountId: z.string().nullable(),
    interval: z.number(),
    endDate: z.string().nullable(),
    note: z.string().nullable(),
    /** True once the next occurrence would fall after the end date: nothing more is recorded. */
    isEnded: z.boolean(),
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
  date: z.string(),
});
export type UpcomingOccurrence = z.infer<typeof upcomingOccurrenceSchema>;
export const upcomingListSchema = z.array(upcomingOccurrenceSchema);
