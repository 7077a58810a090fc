import { z } from './zod';
import { dateParts } from './calendar-date';
import {
  calendarDateSchema,
  dateText,
  emptyAsMissing,
  idSchema,
  userIdSchema,
} from './field-schemas';

import { REPORT_INTERVALS } from './report-periods';

export {
  REPORT_INTERVALS,
  lastTwelveMonths,
  periodStart,
  reportPeriods,
  type ReportInterval,
  type ReportPeriod,
} from './report-periods';

/** The longest range a report covers: 50 years of months is 600 periods, still one answer. */
export const MAX_REPORT_YEARS = 50;
export const DEFAULT_PAYEE_LIMIT = 20;
export const MAX_PAYEE_LIMIT = 100;

export const REPORT_MESSAGES = {
  interval: 'interval must be month, quarter or year.',
  bothEnds: 'Give both from and to, or neither (the last 12 whole months).',
  order: 'from must not be after to.',
  tooLong: `A report covers at most ${MAX_REPORT_YEARS} years.`,
  format: 'format must be json or csv.',
  limit: `limit must be a whole number from 1 to ${MAX_PAYEE_LIMIT}.`,
} as const;

const booleanText = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ message: 'isIncome must be true or false.' }),
);

/** The query every report takes: the range, the interval, an account, json or csv. */
const reportQueryShape = {
  from: emptyAsMissing(calendarDateSchema.optional()),
  to: emptyAsMissing(calendarDateSchema.optional()),
  interval: emptyAsMissing(
    z.enum(REPORT_INTERVALS, { message: REPORT_MESSAGES.interval }).default('month'),
  ),
  accountId: emptyAsMissing(idSchema('accountId').optional()),
  createdBy: emptyAsMissing(userIdSchema('createdBy').optional()).describe(
    'Only the transactions this member entered (cash flow, categories and payees; net worth is ' +
      'what the accounts hold, whoever entered it).',
  ),
  format: emptyAsMissing(
    z.enum(['json', 'csv'], { message: REPORT_MESSAGES.format }).default('json'),
  ),
};

type RangeQuery = { from?: string | undefined; to?: string | undefined };

function withRangeRules<T extends z.ZodType<RangeQuery>>(schema: T) {
  return schema
    .refine((query) => (query.from === undefined) === (query.to === undefined), {
      message: REPORT_MESSAGES.bothEnds,
      path: ['to'],
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: REPORT_MESSAGES.order,
      path: ['from'],
    })
    .refine(
      (query) =>
        !query.from ||
        !query.to ||
        dateParts(query.to).year - dateParts(query.from).year <= MAX_REPORT_YEARS,
      { message: REPORT_MESSAGES.tooLong, path: ['to'] },
    );
}

export const reportQuerySchema = withRangeRules(z.object(reportQueryShape));
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const categoryReportQuerySchema = withRangeRules(
  z.object({ ...reportQueryShape, isIncome: emptyAsMissing(booleanText.default(false)) }),
);
export type CategoryReportQuery = z.output<typeof categoryReportQuerySchema>;

export const payeeReportQuerySchema = withRangeRules(
  z.object({
    ...reportQueryShape,
    isIncome: emptyAsMissing(booleanText.default(false)),
    limit: emptyAsMissing(
      z.coerce
        .number({ message: REPORT_MESSAGES.limit })
        .int(REPORT_MESSAGES.limit)
        .min(1, REPORT_MESSAGES.limit)
        .max(MAX_PAYEE_LIMIT, REPORT_MESSAGES.limit)
        .default(DEFAULT_PAYEE_LIMIT),
    ),
  }),
);
export type PayeeReportQuery = z.output<typeof payeeReportQuerySchema>;

const periodSchema = z.object({ start: dateText(), end: dateText() });

export const cashflowReportSchema = z.object({
  periods: z.array(
    periodSchema.extend({ income: z.number(), expense: z.number(), net: z.number() }),
  ),
  unconverted: z.number().describe('Transactions of the range left out for want of a rate.'),
});
export type CashflowReport = z.infer<typeof cashflowReportSchema>;

export const categoryReportSchema = z.object({
  periods: z.array(periodSchema),
  categories: z
    .array(
      z.object({
        name: z.string(),
        totals: z.array(z.number()).describe('One total per period, in the order of `periods`.'),
        total: z.number(),
        average: z.number().describe('`total` / the number of periods.'),
      }),
    )
    .describe('Largest total first.'),
  unconverted: z.number().describe('Transactions of the range left out for want of a rate.'),
});
export type CategoryReport = z.infer<typeof categoryReportSchema>;

export const netWorthReportSchema = z.object({
  points: z
    .array(
      z.object({
        date: dateText().describe("The period's last day: balances at its end."),
        total: z.number().describe("The sum of the accounts' `baseBalance` (those that have one)."),
        accounts: z.array(
          z.object({
            accountId: z.string(),
            balance: z.number().describe("In the account's currency."),
            baseBalance: z
              .number()
              .nullable()
              .describe(
                'In the base currency at the latest rate on or before `date`, whatever its ' +
                  'age; null without any.',
              ),
          }),
        ),
      }),
    )
    .describe('One per period.'),
});
export type NetWorthReport = z.infer<typeof netWorthReportSchema>;

export const payeeReportSchema = z.object({
  payees: z
    .array(
      z.object({
        name: z.string().describe('The spelling used most.'),
        total: z.number(),
        count: z.number(),
      }),
    )
    .describe('Largest total first.'),
  unconverted: z.number().describe('Transactions of the range left out for want of a rate.'),
});
export type PayeeReport = z.infer<typeof payeeReportSchema>;
