import { z } from './zod';
import { isCalendarDate } from './calendar-date';
import {
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_SEARCH_LENGTH,
  MAX_SEARCH_TERMS,
} from './limits';
import { parseSearch } from './search-query';
import { MAX_TAG_LENGTH, tagsSchema } from './tag-schemas';
import { STORED_DECIMALS, hasAtMostDecimals, readDecimalText, toStoredHundredths } from './money';

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
  .refine(isCalendarDate, { message: TRANSACTION_MESSAGES.dateInvalid });

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

/** How many parts a split transaction has (docs/api.md, Transaction). */
export const MIN_SPLIT_PARTS = 2;
export const MAX_SPLIT_PARTS = 50;

/**
 * One part of a split: its own category and amount (in the transaction's currency and
 * direction: a part of the other direction is refused, never netted), and an optional note.
 */
export const splitPartSchema = z.object({
  category: categoryNameSchema,
  amount: amountSchema(TRANSACTION_MESSAGES.splitPartAmount, {
    decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
  }),
  note: z
    .string()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters long.`)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});

/** 2–50 parts, as sent; their sum is checked against the cost with the whole transaction. */
export const splitPartsSchema = z
  .array(splitPartSchema, { message: TRANSACTION_MESSAGES.splitCount })
  .min(MIN_SPLIT_PARTS, TRANSACTION_MESSAGES.splitCount)
  .max(MAX_SPLIT_PARTS, TRANSACTION_MESSAGES.splitCount);

export type SplitPartInput = z.input<typeof splitPartSchema>;
export type ValidSplitPart = z.output<typeof splitPartSchema>;

/**
 * True when the parts add up to exactly `cost`, compared in stored hundredths so that binary
 * noise (0.1 + 0.2) can neither pass a wrong sum nor refuse a right one.
 */
export function splitsAddUpTo(parts: readonly { amount: number }[], cost: number): boolean {
  const sum = parts.reduce((total, part) => total + toStoredHundredths(part.amount), 0);
  return sum === toStoredHundredths(cost);
}

/** The part whose category the split transaction carries: the largest, the first of equals. */
export function largestSplitPart<Part extends { amount: number }>(parts: readonly Part[]): Part {
  return parts.reduce((largest, part) => (part.amount > largest.amount ? part : largest));
}

/** An id sent by the client: the server answers 404 for one that is not the user's. */
export const idSchema = (label: string) =>
  z.string({ message: `${label} must be an id.` }).max(64, `${label} is not a valid id.`);

const optionalText = (max: number, label: string) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters long.`)
    .nullable()
    .transform((value) => (value?.trim() ? value.trim() : null));

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
        .optional(),
      /**
       * What the bank charged in the base currency, for an amount in another one: the rate
       * follows from it (`rateSource` manual). null clears it; left out on an update it stays.
       */
      baseCost: amountSchema(TRANSACTION_MESSAGES.baseCostInvalid, {
        decimalsMessage: TRANSACTION_MESSAGES.baseCostInvalid,
      }).nullish(),
      /** 0–10 tags (tag-schemas.ts). Left out: none on create, the stored ones on update. */
      tags: tagsSchema.optional(),
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
        .nullish(),
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

/** Query strings send an empty value for a cleared filter: treat it as no filter. */
export const emptyAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

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
    /** Transactions carrying this tag, ignoring case. */
    tag: z
      .string()
      .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters long.`)
      .optional()
      .transform((value) => value?.trim() || undefined),
  })
  .refine(
    (filters) => !filters.startDate || !filters.endDate || filters.startDate <= filters.endDate,
    {
      message: 'startDate must not be after endDate.',
      path: ['startDate'],
    },
  );

export type TransactionFilters = z.output<typeof transactionFiltersSchema>;

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

export const transactionListQuerySchema = z.intersection(
  transactionFiltersSchema,
  z.object({
    ...pageQueryShape,
    /** Also list transfer legs (docs/transfers.md), each marked `isTransfer: true`. */
    includeTransfers: emptyAsMissing(
      z
        .enum(['true', 'false'], { message: 'includeTransfers must be true or false.' })
        .transform((value) => value === 'true')
        .optional(),
    ),
  }),
);

export const transactionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  cost: z.number(),
  addedOn: z.string(),
  isIncome: z.boolean(),
  note: z.string().nullable(),
  recurringId: z.string().nullable(),
  receiptId: z.string().nullable(),
  accountId: z.string(),
  /**
   * The bank-file import that created it (docs/architecture.md, Imports); null for any other
   * transaction.
   */
  importId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  currency: z.string().describe('The ISO code of `cost`.'),
  /**
   * `cost` in the user's base currency at the rate of its own day (`rate`, from `rateDate`);
   * null when no rate is known (`rateSource` none). Converted on read: a new rate or another
   * base currency shows at once.
   */
  baseCost: z.number().nullable(),
  /** Base-currency units per unit of `currency`; null without a rate. */
  rate: z.number().nullable(),
  rateDate: z.string().nullable(),
  rateSource: z.enum(['same', 'ecb', 'manual', 'none']),
  /** Its tags in the order given; [] for a transfer leg. */
  tags: z.array(z.string()),
  /**
   * Only on a split transaction: its 2–50 parts in order, each counted in its own category
   * (`category` above is the largest part's). Absent on an unsplit one.
   */
  splits: z
    .array(z.object({ category: z.string(), amount: z.number(), note: z.string().nullable() }))
    .optional(),
  /**
   * Only in a list asked for with `includeTransfers=true`: true for a transfer's leg, whose
   * `transferId` is the transfer and `transferAccountId` the other account; `_id` is the
   * transfer's id and the leg (`<transferId>:out`, `<transferId>:in`).
   */
  isTransfer: z.boolean().optional(),
  transferId: z.string().optional(),
  transferAccountId: z.string().optional(),
}).meta({ id: 'Transaction', description: 'A transaction' });
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
  balance: z.number(),
  recentTransactions: z.array(transactionSchema),
  /** The period the totals cover (inclusive); both null for all time. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** The currency of the totals: the user's base currency. */
  currency: z.string(),
  /** Transactions of the period left out of the totals because no rate converts them. */
  unconverted: z.number(),
});
export type TransactionSummary = z.infer<typeof transactionSummarySchema>;

const dailyTotalSchema = z.object({ date: z.string(), total: z.number() });
export const chartDataSchema = z.object({
  expensesByCategory: z.array(z.object({ name: z.string(), total: z.number() })),
  expensesOverTime: z.array(dailyTotalSchema),
  incomeOverTime: z.array(dailyTotalSchema),
  /** Transactions of the window left out because no rate converts them. */
  unconverted: z.number(),
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

export const bulkDeleteSchema = z.object({
  transactionIds: z
    .array(z.string().max(64), { message: 'transactionIds must be a list of transaction ids.' })
    .min(1, 'Select at least one transaction to delete.')
    .max(1000, 'At most 1000 transactions can be deleted at once.'),
});

/** A name a bulk edit gives, or its Undo puts back: never blank (as a stored name never is). */
const bulkNameSchema = z
  .string({ message: TRANSACTION_MESSAGES.nameRequired })
  .trim()
  .min(1, TRANSACTION_MESSAGES.nameRequired)
  .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters long.`);

/**
 * PATCH /transactions/bulk: the fields to give every selected transaction (docs/api.md). A
 * field left out stays as each row has it; `note: null` or "" clears the notes.
 */
export const bulkEditSetSchema = z
  .object({
    category: categoryNameSchema.optional(),
    accountId: idSchema('accountId').optional(),
    name: bulkNameSchema.optional(),
    addedOn: calendarDateSchema.optional(),
    note: optionalText(MAX_NOTE_LENGTH, 'Note').optional(),
    tags: tagsSchema.optional(),
  })
  .strict()
  .refine((set) => Object.values(set).some((value) => value !== undefined), {
    message: 'Choose at least one field to change.',
  });
export type BulkEditSet = z.output<typeof bulkEditSetSchema>;

const transactionIdsSchema = (verb: string) =>
  z
    .array(z.string().max(64), { message: 'transactionIds must be a list of transaction ids.' })
    .min(1, `Select at least one transaction to ${verb}.`)
    .max(
      1000,
      `At most 1000 transactions can be ${verb === 'edit' ? 'edited' : 'restored'} at once.`,
    );

export const bulkEditSchema = z.object({
  transactionIds: transactionIdsSchema('edit'),
  set: bulkEditSetSchema,
});

/** What a bulk-edited row held before, field by field as set: what an Undo puts back. */
export const bulkEditPreviousSchema = z.object({
  _id: z.string(),
  category: z.string().optional(),
  accountId: z.string().optional(),
  name: z.string().optional(),
  addedOn: z.string().optional(),
  note: z.string().nullable().optional(),
  tags: z.array(z.string()).optional(),
});
export type BulkEditPrevious = z.infer<typeof bulkEditPreviousSchema>;

export const bulkEditResultSchema = z.object({
  updatedCount: z.number(),
  previous: z.array(bulkEditPreviousSchema),
});
export type BulkEditResult = z.infer<typeof bulkEditResultSchema>;

/** POST /transactions/bulk/revert: an edit's `previous`, put back all or nothing. */
export const bulkRevertSchema = z.object({
  previous: z
    .array(
      z
        .object({
          _id: z.string().max(64),
          category: categoryNameSchema.optional(),
          accountId: idSchema('accountId').optional(),
          name: bulkNameSchema.optional(),
          addedOn: calendarDateSchema.optional(),
          note: optionalText(MAX_NOTE_LENGTH, 'Note').optional(),
          tags: tagsSchema.optional(),
        })
        .strict(),
      { message: 'previous must be the list a bulk edit answered.' },
    )
    .min(1, 'Nothing to put back.')
    .max(1000, 'At most 1000 transactions can be put back at once.')
    // A bulk edit answers each row once: an id twice would put back one of two values, by chance.
    .refine((rows) => new Set(rows.map((row) => row._id)).size === rows.length, {
      message: 'Each transaction can be put back only once: an _id is listed twice in previous.',
    }),
});

export const trashRestoreSchema = z.object({ transactionIds: transactionIdsSchema('restore') });

/** A deleted transaction in the trash: as it was, and when it was deleted. */
export const trashedTransactionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.string(),
  cost: z.number(),
  currency: z.string(),
  addedOn: z.string(),
  isIncome: z.boolean(),
  note: z.string().nullable(),
  accountId: z.string(),
  tags: z.array(z.string()),
  /** Only on a split transaction: its parts as deleted (they come back with it). */
  splits: z
    .array(z.object({ category: z.string(), amount: z.number(), note: z.string().nullable() }))
    .optional(),
  deletedAt: z.string(),
  /** The day it leaves the trash for good (30 days after deletedAt). */
  purgeOn: z.string(),
});
export type TrashedTransaction = z.infer<typeof trashedTransactionSchema>;
export const trashPageSchema = z.object({
  transactions: z.array(trashedTransactionSchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type TrashPage = z.infer<typeof trashPageSchema>;

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
