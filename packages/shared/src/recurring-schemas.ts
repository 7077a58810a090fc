import { z } from './zod';
import { MAX_CATEGORY_LENGTH, MAX_NAME_LENGTH } from './limits';
import { FREQUENCIES } from './recurrence';
import {
  AMOUNT_DECIMALS_MESSAGE,
  amountSchema,
  calendarDateSchema,
  categoryNameSchema,
} from './transaction-schemas';

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
} as const;

/** What the client sends to create or update a recurring transaction (SPEC §5, DESIGN §2). */
export const recurringInputSchema = z.object({
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
});
export type RecurringInput = z.input<typeof recurringInputSchema>;
export type ValidRecurringInput = z.output<typeof recurringInputSchema>;

export const recurringSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  amount: z.number(),
  isIncome: z.boolean(),
  frequency: z.enum(FREQUENCIES),
  startDate: z.string(),
  /** The first occurrence not yet recorded: after today once the rule has caught up. */
  nextDueDate: z.string(),
});
export type Recurring = z.infer<typeof recurringSchema>;

export const recurringListSchema = z.array(recurringSchema);
