import { z } from './zod';
import {
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_TERMS,
} from './limits';
import { parseSearch } from './search-query';
import { MAX_TAG_LENGTH, tagsSchema } from './tag-schemas';
import {
  TRANSACTION_MESSAGES,
  amountSchema,
  calendarDateSchema,
  categoryNameSchema,
  dateText,
  emptyAsMissing,
  idSchema,
  userIdSchema,
  optionalText,
  pageQueryShape,
} from './field-schemas';
import { MAX_SPLIT_PARTS, MIN_SPLIT_PARTS, splitPartSchema, splitsAddUpTo } from './split-schemas';

// A transaction: what a client sends to record or change one, the list's filters, and the
// answers (one transaction, a page, the summary, the charts). The fields it builds on, splits and
// the bulk routes have modules of their own, re-exported here for the importers of this one.
export * from './field-schemas';
export * from './split-schemas';
export * from './bulk-transaction-schemas';

/**
 * A transaction's fields with the given rule for `note`: creating one stores a missing note as
 * none; an update without `note` keeps the stored one (docs/architecture.md, Web app).
 */
const transactionFields = <Note extends z.ZodType>(note: Note) =>
  z
    .object({
      name: z
        .string()
        .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters long.`)
        .nullish()
        .transform((value) => value?.trim() ?? ''),
      category: categoryNameSchema,
      cost: amountSchema(TRANSACTION_MESSAGES.costInvalid, {
        decimalsMessage: TRANSACTION_MESSAGES.costDecimals,
      }),
      addedOn: calendarDateSchema,
      isIncome: z.boolean({ message: 'isIncome must be true or false.' }),
      note,
      /** Without it (or empty), the user's first account on create, the same one on update. */
      accountId: idSchema('accountId')
        .nullish()
        .transform((value) => value || undefined),
      /**
       * The ISO code of `cost`. Without it: the account's currency on create, the stored one on
       * update. Checked against the catalogue and its decimals by the service (it may depend on
       * the account).
       */
      currency: z
        .string({ message: 'currency must be an ISO 4217 code such as EUR.' })
        .max(8, 'currency must be an ISO 4217 code such as EUR.')
        .nullish()
        .transform((value) => value?.toUpperCase() || undefined)
        .optional()
        .describe(
          "A code of `GET /api/currencies`; default the account's (the stored one on an " +
            'update). More decimals in `cost` than the currency has → 400 naming the limit.',
        ),
      /**
       * What the bank charged in the base currency, for an amount in another one: the rate
       * follows from it (`rateSource` manual). null clears it; left out on an update it stays.
       */
      baseCost: amountSchema(TRANSACTION_MESSAGES.baseCostInvalid, {
        decimalsMessage: TRANSACTION_MESSAGES.baseCostInvalid,
      })
        .nullish()
        .describe(
          'What the bank charged in the base currency, for a `cost` in another currency (400 ' +
            'for one in the base currency itself); its rate is `manual`. null clears it; left ' +
            'out on an update, it stays.',
        ),
      /** 0–10 tags (tag-schemas.ts). */
      tags: tagsSchema
        .optional()
        .describe('Left out: none on create; on an update, the stored tags stay.'),
      /**
       * 2–50 parts summing exactly to `cost` (docs/api.md, Transaction). Left out: none on create,
       * the stored ones on update; null (or []) on update makes the transaction whole again.
       */
      splits: z
        .array(splitPartSchema, { message: TRANSACTION_MESSAGES.splitCount })
        .max(MAX_SPLIT_PARTS, TRANSACTION_MESSAGES.splitCount)
        .refine((parts) => parts.length === 0 || parts.length >= MIN_SPLIT_PARTS, {
          message: TRANSACTION_MESSAGES.splitCount,
        })
        .transform((parts) => (parts.length === 0 ? null : parts))
        .nullish()
        .describe(
          'The parts of a split transaction, each `{ category, amount, note? }` (see the ' +
            "route's description); left out, null or `[]`: not split.",
        ),
    })
    .refine((input) => !input.splits?.length || splitsAddUpTo(input.splits, input.cost), {
      path: ['splits'],
      message: TRANSACTION_MESSAGES.splitSum,
    })
    .refine((input) => input.isIncome !== false || input.name !== '', {
      path: ['name'],
      message: TRANSACTION_MESSAGES.nameRequired,
      // Report a missing expense name together with the other fields' problems, not only once
      // they are fixed: it depends on nothing but the name and the kind. Never when the body is
      // not an object at all (an issue at the root): there is no name to read then.
      when: ({ issues }) =>
        issues.every(
          (issue) =>
            issue.path?.[0] !== undefined &&
            issue.path[0] !== 'name' &&
            issue.path[0] !== 'isIncome',
        ),
    })
    .transform((input) => ({ ...input, name: transactionName(input) }));

/**
 * An Idempotency-Key (idempotency.ts): 1–200 visible ASCII characters without spaces; a UUID,
 * as the web client sends, fits easily.
 */
export const idempotencyKeySchema = z
  .string()
  .regex(
    /^[\x21-\x7e]{1,200}$/,
    'Idempotency-Key must be 1 to 200 visible ASCII characters, without spaces.',
  );

/**
 * What the client sends to create a transaction (docs/architecture.md, Product rules, docs/api.md,
 * General rules).
 */
export const transactionInputSchema = transactionFields(
  optionalText(MAX_NOTE_LENGTH, 'Note')
    .optional()
    .transform((note) => note ?? null),
);

/** What the client sends to update a transaction: without `note`, the stored note stays. */
export const transactionUpdateSchema = transactionFields(
  optionalText(MAX_NOTE_LENGTH, 'Note').optional(),
);

export type TransactionInput = z.input<typeof transactionInputSchema>;
export type ValidTransactionInput = z.output<typeof transactionInputSchema>;
export type ValidTransactionUpdate = z.output<typeof transactionUpdateSchema>;

/** A blank income name becomes "<category> Income", or "General Income" without a category. */
export function transactionName(input: { name: string; category: string; isIncome: boolean }) {
  if (input.name !== '' || !input.isIncome) return input.name;
  return input.category ? `${input.category} Income` : 'General Income';
}

const booleanQuery = z
  .enum(['true', 'false'], { message: 'isIncome must be true or false.' })
  .transform((value) => value === 'true');

/** Filters shared by the list and the export (docs/api.md, General rules). */
export const transactionFiltersSchema = z
  .object({
    search: z
      .string()
      .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters long.`)
      .optional()
      .transform((value) => value?.trim() || undefined)
      // Each term is a condition of its own: forty exclusions took seconds on a large register.
      .refine((value) => !value || parseSearch(value).terms.length <= MAX_SEARCH_TERMS, {
        message: `This search has too many terms: use at most ${MAX_SEARCH_TERMS} words, phrases, exclusions and operators.`,
      }),
    isIncome: emptyAsMissing(booleanQuery.optional()),
    category: z
      .string()
      .max(MAX_CATEGORY_LENGTH)
      .optional()
      .transform((value) => value?.trim() || undefined),
    startDate: emptyAsMissing(calendarDateSchema.optional()),
    endDate: emptyAsMissing(calendarDateSchema.optional()),
    accountId: emptyAsMissing(idSchema('accountId').optional()),
    tag: z
      .string()
      .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters long.`)
      .optional()
      .transform((value) => value?.trim() || undefined)
      .describe('Transactions carrying this tag, ignoring case.'),
    createdBy: emptyAsMissing(userIdSchema('createdBy').optional()).describe(
      'Transactions (and, with `includeTransfers`, transfer legs) this member entered.',
    ),
  })
  .refine(
    (filters) => !filters.startDate || !filters.endDate || filters.startDate <= filters.endDate,
    {
      message: 'startDate must not be after endDate.',
      path: ['startDate'],
    },
  );

export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

export const transactionListQuerySchema = z.intersection(
  transactionFiltersSchema,
  z.object({
    ...pageQueryShape,
    includeTransfers: emptyAsMissing(
      z
        .enum(['true', 'false'], { message: 'includeTransfers must be true or false.' })
        .transform((value) => value === 'true')
        .optional()
        .describe(
          'Also list transfer legs (docs/transfers.md), in list order among the transactions ' +
            '(marked `isTransfer`); the filters apply to them too (a category selects none; a ' +
            'search looks in the note). Without it the list is transactions only.',
        ),
    ),
  }),
);

/** A date `YYYY-MM-DD` in an answer (format date in the OpenAPI description). */

const splitPartAnswerSchema = z.object({
  category: z.string(),
  amount: z.number(),
  note: z.string().nullable(),
});

export const transactionSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    category: z.string(),
    cost: z.number(),
    addedOn: dateText(),
    isIncome: z.boolean(),
    note: z.string().nullable(),
    recurringId: z.string().nullable(),
    receiptId: z.string().nullable(),
    accountId: z.string(),
    importId: z
      .string()
      .nullable()
      .describe('The bank-file import that created it; null for any other transaction.'),
    isPending: z
      .boolean()
      .optional()
      .describe(
        'True while the bank has authorised it but not booked it (a bank sync): counted in no ' +
          'balance, total, budget or report; its booked version replaces it, keeping the ' +
          'category, name and note a member gave it.',
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
    createdBy: z
      .string()
      .nullable()
      .optional()
      .describe(
        'The member who entered it (a user id); null for a row the system made (a recurring ' +
          "transaction's occurrence) or whose author left the instance.",
      ),
    updatedBy: z
      .string()
      .nullable()
      .optional()
      .describe('The member who changed it last (a user id); null as for `createdBy`.'),
    currency: z.string().describe('The ISO code of `cost`.'),
    baseCost: z
      .number()
      .nullable()
      .describe(
        "`cost` in the user's base currency at the rate of its own day; null when no rate is " +
          'known (see [currencies.md](currencies.md)). Converted on read: a new rate or another ' +
          'base currency shows at once.',
      ),
    rate: z.number().nullable().describe('Base-currency units per unit of `currency`.'),
    rateDate: dateText().nullable().describe("The day of that rate (Friday's for a Saturday)."),
    rateSource: z
      .enum(['same', 'ecb', 'manual', 'none'])
      .describe(
        "`same` (the base currency itself), `ecb`, `manual` (the user's own rate, or the bank " +
          'charge given as `baseCost`), `none`.',
      ),
    tags: z.array(z.string()).describe("0–10 tags in the order given (`[]` for a transfer's leg)."),
    splits: z
      .array(splitPartAnswerSchema)
      .optional()
      .describe(
        'Only on a split transaction (absent otherwise): 2–50 parts in the order given, in ' +
          '`currency`, summing exactly to `cost`. Each part counts in its own category in the ' +
          "charts, budgets, reports and the kept totals; `category` is the largest part's (the " +
          'first of equal ones).',
      ),
    isTransfer: z
      .boolean()
      .optional()
      .describe(
        "Only in a list asked for with `includeTransfers=true`: true for a transfer's leg. Its " +
          '`_id` is `<transferId>:out` (the money leaving `accountId`, `isIncome` false) or ' +
          "`<transferId>:in` (arriving, `isIncome` true), its `name` the transfer's note (else " +
          '`Transfer`), `category` `Transfer`.',
      ),
    transferId: z.string().optional().describe('Legs only: the transfer.'),
    transferAccountId: z.string().optional().describe('Legs only: the other account.'),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionPageSchema = z.object({
  transactions: z.array(transactionSchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionSummarySchema = z.object({
  totalIncome: z.number(),
  totalExpenses: z.number(),
  balance: z.number().describe('Income minus expense of the period (not what the accounts hold).'),
  recentTransactions: z.array(transactionSchema),
  from: dateText()
    .nullable()
    .describe('The period the totals cover (inclusive); both null for all time.'),
  to: dateText().nullable(),
  currency: z.string().describe("The currency of the totals, the user's base currency."),
  unconverted: z
    .number()
    .describe(
      'Transactions of the period left out of the totals because no rate converts them ' +
        '(never converted at 1).',
    ),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

const dailyTotalSchema = z.object({ date: z.string(), total: z.number() });
export const chartDataSchema = z.object({
  expensesByCategory: z.array(z.object({ name: z.string(), total: z.number() })),
  expensesOverTime: z.array(dailyTotalSchema),
  incomeOverTime: z.array(dailyTotalSchema),
  unconverted: z.number().describe('Transactions of the window left out for want of a rate.'),
});
export type ChartData = z.infer<typeof chartDataSchema>;

export const chartQuerySchema = z
  .object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });

/**
 * The summary's period: both ends or neither (all time). One end alone would leave the other to
 * a guess, and a figure must always say what period it covers.
 */
export const summaryQuerySchema = z
  .object({ from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .refine((query) => (query.from === undefined) === (query.to === undefined), {
    message: 'Give both from and to, or neither.',
    path: ['to'],
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;

/** A new custom category of one kind (expense unless `isIncome`). */
export const newCategorySchema = z.object({
  name: categoryNameSchema,
  isIncome: z.boolean({ message: 'isIncome must be true or false.' }).default(false),
});
export const categorySchema = z.object({
  name: z.string(),
  isIncome: z.boolean(),
  /** Hidden from the pickers (PUT /categories/hidden); absent in older answers. */
  hidden: z.boolean().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const deleteCategorySchema = z.object({
  categoryToDelete: z
    .string({ message: 'categoryToDelete is required.' })
    .trim()
    .min(1, 'categoryToDelete is required.')
    .max(MAX_CATEGORY_LENGTH),
});
