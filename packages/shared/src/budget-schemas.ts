import { z } from './zod';
import { BUDGET_MAX_YEAR, BUDGET_MIN_YEAR, MAX_CATEGORY_LENGTH } from './limits';
import { amountSchema } from './field-schemas';

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

// Functions, not shared instances: zod's JSON Schema drops the string branch of a second
// described copy of one union (the OpenAPI body would then refuse "3").
const monthSchema = (description = '1–12.') =>
  wholeNumber(1, 12, BUDGET_MESSAGES.monthInvalid).describe(description);
const yearSchema = () =>
  wholeNumber(BUDGET_MIN_YEAR, BUDGET_MAX_YEAR, BUDGET_MESSAGES.yearInvalid).describe(
    `${BUDGET_MIN_YEAR}–${BUDGET_MAX_YEAR}.`,
  );

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
  month: monthSchema(),
  year: yearSchema(),
  rollover: z
    .boolean({ message: BUDGET_MESSAGES.rolloverInvalid })
    .optional()
    .describe(
      "The month takes in the previous month's `remaining` (see Rollover). Creating: default " +
        'false; left out on an update, the stored value stays.',
    ),
  repeat: z
    .boolean({ message: BUDGET_MESSAGES.repeatInvalid })
    .optional()
    .describe(
      'Carry on into every later month without a budget of its own for the category (see ' +
        'Repeat every month). Creating: default false; left out on an update, the stored value ' +
        'stays.',
    ),
});
export type BudgetInput = z.input<typeof budgetInputSchema>;
export type ValidBudgetInput = z.output<typeof budgetInputSchema>;

/** Query strings send an empty value for a cleared filter: treat it as no filter. */
const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** GET /budgets: every month, or one month when both `month` and `year` are given. */
export const budgetListQuerySchema = z
  .object({
    month: emptyAsMissing(
      monthSchema(
        'With `year` for one month (both or neither); neither lists every month.',
      ).optional(),
    ),
    year: emptyAsMissing(yearSchema().optional()),
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
    rollover: z.boolean().describe("The month takes in the previous month's `remaining`."),
    repeat: z
      .boolean()
      .describe(
        'The budget carries on into every later month without a budget of its own for the ' +
          'category.',
      ),
    repeatedFrom: z
      .object({ month: z.number(), year: z.number() })
      .nullable()
      .describe(
        'Set when the budget is shown in a later month it repeats into: its own month (`month` ' +
          "and `year` are then the month shown, `_id` the repeating budget's); null in its own " +
          'month.',
      ),
    carried: z
      .number()
      .describe(
        "The previous month's `remaining` (negative after overspending) when `rollover` is on " +
          'and the previous month has a budget for the category (its own or a repeated one); ' +
          'else 0.',
      ),
    available: z.number().describe('`amount` + `carried`.'),
    spent: z
      .number()
      .describe(
        "That month's expenses in the category, in the base currency, each at its day's rate.",
      ),
    remaining: z.number().describe('`available` − `spent`; negative when overspent.'),
    // Whole percent: budgetPercent.
    percent: z.number().describe('Whole percent of `available` spent.'),
    unconverted: z
      .number()
      .describe(
        'Expenses left out of `spent` (and, with rollover, of `carried`) for want of a rate.',
      ),
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
    month: emptyAsMissing(
      monthSchema(
        'With `year` (both or neither): a later month the budget repeats into stops the repeat ' +
          "from that month on; none, or the budget's own month, deletes it. A month the budget is " +
          'not shown in is a 404 `BUDGET_NOT_FOUND`.',
      ).optional(),
    ),
    year: emptyAsMissing(yearSchema().optional()),
  })
  .refine((query) => (query.month === undefined) === (query.year === undefined), {
    message: BUDGET_MESSAGES.monthWithoutYear,
    path: ['month'],
  });
export type BudgetDeleteQuery = z.output<typeof budgetDeleteQuerySchema>;

/** One month, both parts required (GET /budgets/summary). */
export const budgetMonthQuerySchema = z.object({ month: monthSchema(), year: yearSchema() });
export type BudgetMonthQuery = z.output<typeof budgetMonthQuerySchema>;

/** POST /budgets/copy: the categories `from` has and `to` lacks get `from`'s budget. */
export const budgetCopyInputSchema = z
  .object({
    fromMonth: monthSchema('The month copied, 1–12.'),
    fromYear: yearSchema(),
    toMonth: monthSchema('Another month, 1–12.'),
    toYear: yearSchema(),
  })
  .refine((input) => input.fromMonth !== input.toMonth || input.fromYear !== input.toYear, {
    message: BUDGET_MESSAGES.copySameMonth,
    path: ['toMonth'],
  });
export type BudgetCopyInput = z.input<typeof budgetCopyInputSchema>;
export type ValidBudgetCopyInput = z.output<typeof budgetCopyInputSchema>;

export const budgetCopyResultSchema = z.object({
  created: z.number().describe('0 when the target month has every category already.'),
});
export type BudgetCopyResult = z.infer<typeof budgetCopyResultSchema>;

/** A month's budgets added up, and the month's income beside them, in the base currency. */
export const budgetSummarySchema = z
  .object({
    budgeted: z.number().describe("The sum of the month's `amount`s."),
    spent: z.number().describe('The sum of their `spent`.'),
    available: z.number().describe('The sum of their `available`.'),
    remaining: z.number().describe('`available` − `spent`.'),
    income: z.number().describe("Every income of the month, each at its day's rate."),
    unconverted: z
      .number()
      .describe('Incomes and expenses of the month left out for want of a rate.'),
  })
  .describe('In the base currency.');
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;
