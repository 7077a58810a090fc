import { z } from './zod';
import { MAX_CATEGORY_LENGTH } from './limits';
import { amountSchema } from './field-schemas';

export const BUDGET_MIN_YEAR = 2000;
export const BUDGET_MAX_YEAR = 2100;

export const BUDGET_MESSAGES = {
  categoryRequired: 'Please select a category.',
  categoryTooLong: `Category must be at most ${MAX_CATEGORY_LENGTH} characters long.`,
  amountInvalid: 'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
  monthInvalid: 'Month must be a whole number from 1 to 12.',
  yearInvalid: `Year must be a whole number from ${BUDGET_MIN_YEAR} to ${BUDGET_MAX_YEAR}.`,
  monthWithoutYear: 'Give both month and year to view one month, or neither.',
  rolloverInvalid: 'rollover must be true or false.',
  repeatInvalid: 'repeat must be true or false.',
  copyNothing: 'There are no budgets to copy in that month.',
  copySameMonth: 'Choose another month to copy the budgets to.',
} as const;

/** A whole number in [min, max]; digit strings ("3") are accepted, as from a form or a query. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .regex(/^\s*-?\d{1,6}\s*$/)
          .transform(Number),
      ],
      { message },
    )
    .refine((value) => Number.isInteger(value) && value >= min && value <= max, { message });

const monthSchema = wholeNumber(1, 12, BUDGET_MESSAGES.monthInvalid);
const yearSchema = wholeNumber(BUDGET_MIN_YEAR, BUDGET_MAX_YEAR, BUDGET_MESSAGES.yearInvalid);

/**
 * What the client sends to create or update a budget (docs/architecture.md, Product rules,
 * docs/api.md, General rules).
 */
export const budgetInputSchema = z.object({
  category: z
    .string({ message: BUDGET_MESSAGES.categoryRequired })
    .trim()
    .min(1, BUDGET_MESSAGES.categoryRequired)
    .max(MAX_CATEGORY_LENGTH, BUDGET_MESSAGES.categoryTooLong),
  amount: amountSchema(BUDGET_MESSAGES.amountInvalid, { sign: 'not-negative' }),
  month: monthSchema,
  year: yearSchema,
  /**
   * The month takes in the previous month's remaining (docs/api.md, Budgets, Rollover). Creating:
   * default false; an update without it keeps the stored value.
   */
  rollover: z.boolean({ message: BUDGET_MESSAGES.rolloverInvalid }).optional(),
  /**
   * The budget carries on into every later month without a budget of its own for the category
   * (docs/api.md, Budgets). Creating: default false; an update without it keeps the stored
   * value.
   */
  repeat: z.boolean({ message: BUDGET_MESSAGES.repeatInvalid }).optional(),
});
export type BudgetInput = z.input<typeof budgetInputSchema>;
export type ValidBudgetInput = z.output<typeof budgetInputSchema>;

/** Query strings send an empty value for a cleared filter: treat it as no filter. */
const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** GET /budgets: every month, or one month when both `month` and `year` are given. */
export const budgetListQuerySchema = z
  .object({
    month: emptyAsMissing(monthSchema.optional()),
    year: emptyAsMissing(yearSchema.optional()),
  })
  .refine((query) => (query.month === undefined) === (query.year === undefined), {
    message: BUDGET_MESSAGES.monthWithoutYear,
    path: ['month'],
  });
export type BudgetListQuery = z.output<typeof budgetListQuerySchema>;

export const budgetSchema = z
  .object({
    _id: z.string(),
    category: z.string(),
    amount: z.number(),
    month: z.number(),
    year: z.number(),
    /** Whether the month takes in the previous month's remaining. */
    rollover: z.boolean(),
    /** Whether the budget carries on into later months without a budget of their own. */
    repeat: z.boolean(),
    /**
     * Set when the budget is shown in a later month it repeats into: its own month (`month` and
     * `year` are the month shown, `_id` the repeating budget's). Null in its own month.
     */
    repeatedFrom: z.object({ month: z.number(), year: z.number() }).nullable(),
    /**
     * The previous month's remaining for the category when `rollover` is on and that month has a
     * budget (negative after overspending); 0 otherwise.
     */
    carried: z.number(),
    /** amount + carried. */
    available: z.number(),
    /** That month's expenses in the category. */
    spent: z.number(),
    /** available − spent; negative when overspent. */
    remaining: z.number(),
    /** Whole percent of what is available spent (see budgetPercent). */
    percent: z.number(),
    /**
     * Expenses left out of `spent` (and, with rollover, of `carried`) because no rate converts
     * them.
     */
    unconverted: z.number(),
  })
  .meta({ id: 'Budget' });
export type Budget = z.infer<typeof budgetSchema>;

export const budgetListSchema = z.array(budgetSchema);

/**
 * DELETE /budgets/:id: a month the budget repeats into stops the repeat from that month on;
 * none, or the budget's own month, deletes it.
 */
export const budgetDeleteQuerySchema = z
  .object({
    month: emptyAsMissing(monthSchema.optional()),
    year: emptyAsMissing(yearSchema.optional()),
  })
  .refine((query) => (query.month === undefined) === (query.year === undefined), {
    message: BUDGET_MESSAGES.monthWithoutYear,
    path: ['month'],
  });
export type BudgetDeleteQuery = z.output<typeof budgetDeleteQuerySchema>;

/** One month, both parts required (GET /budgets/summary). */
export const budgetMonthQuerySchema = z.object({ month: monthSchema, year: yearSchema });
export type BudgetMonthQuery = z.output<typeof budgetMonthQuerySchema>;

/** POST /budgets/copy: the categories `from` has and `to` lacks get `from`'s budget. */
export const budgetCopyInputSchema = z
  .object({
    fromMonth: monthSchema,
    fromYear: yearSchema,
    toMonth: monthSchema,
    toYear: yearSchema,
  })
  .refine((input) => input.fromMonth !== input.toMonth || input.fromYear !== input.toYear, {
    message: BUDGET_MESSAGES.copySameMonth,
    path: ['toMonth'],
  });
export type BudgetCopyInput = z.input<typeof budgetCopyInputSchema>;
export type ValidBudgetCopyInput = z.output<typeof budgetCopyInputSchema>;

export const budgetCopyResultSchema = z.object({ created: z.number() });
export type BudgetCopyResult = z.infer<typeof budgetCopyResultSchema>;

/** A month's budgets added up, and the month's income beside them, in the base currency. */
export const budgetSummarySchema = z.object({
  budgeted: z.number(),
  spent: z.number(),
  available: z.number(),
  remaining: z.number(),
  income: z.number(),
  /** The month's incomes and expenses that no rate converts (left out of the sums). */
  unconverted: z.number(),
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;
