import { localeSchema } from './auth-schemas';
import { z } from './zod';
import { ACCOUNT_TYPES } from './account-schemas';
import { isCalendarDate } from './calendar-date';
import { isCatalogueCurrency } from './currency-catalogue';
import {
  MAX_CATEGORY_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_SAVED_FILTER_NAME_LENGTH,
  MAX_SAVED_FILTERS,
  MAX_SEARCH_LENGTH,
} from './limits';
import { currencyDecimals, readDecimalText, STORED_DECIMALS } from './money';
import { isRateDate, MAX_RATE, MAX_RATE_DECIMALS, RATE_MESSAGES } from './rate-schemas';
import { receiptMimeTypes } from './receipt-schemas';
import { FREQUENCIES } from './recurrence';
import {
  MAX_RECURRING_INTERVAL,
  RECURRING_MAX_START_DATE,
  RECURRING_MIN_START_DATE,
  RECURRING_MESSAGES,
} from './recurring-schemas';
import {
  MAX_RULE_VALUE_LENGTH,
  MAX_RULES,
  RULE_FIELDS,
  RULE_MESSAGES,
  RULE_OPERATORS,
} from './rule-schemas';
import { MAX_TAG_LENGTH, MAX_TAGS, tagKey } from './tag-schemas';
import { isValidTimeZone } from './time-zone';
import { MAX_AMOUNT } from './field-schemas';

/**
 * The Moneta export (docs/export-format.md): a zip holding `manifest.json`, one JSON Lines file
 * per entity and the receipt files. These schemas read format version 1; a later version adds
 * files and optional fields, and the restore reads every version up to its own.
 */
export const EXPORT_FORMAT = 'moneta-export';
export const EXPORT_FORMAT_VERSION = 1;
export { MONETA_EXPORT_FILE_NAME } from './export-file';

/** The entity files of format version 1, by entity. */
export const EXPORT_ENTITY_FILES = {
  accounts: 'accounts.jsonl',
  categories: 'categories.jsonl',
  transactions: 'transactions.jsonl',
  transfers: 'transfers.jsonl',
  budgets: 'budgets.jsonl',
  recurring: 'recurring.jsonl',
  rules: 'rules.jsonl',
  rates: 'rates.jsonl',
  receipts: 'receipts.jsonl',
  receiptShops: 'receipt-shops.jsonl',
  // Added after the first exports were written: an export without it has no goals.
  goals: 'goals.jsonl',
  // Added with attachments: an export without it has none.
  attachments: 'attachments.jsonl',
  // Likewise: an export without it has no saved searches.
  savedFilters: 'saved-filters.jsonl',
  // Added with splits: an export without it has no split transactions.
  splits: 'splits.jsonl',
} as const;
export type ExportEntity = keyof typeof EXPORT_ENTITY_FILES;
export const EXPORT_ENTITIES = Object.keys(EXPORT_ENTITY_FILES) as ExportEntity[];

/**
 * What a restore reads at most (docs/export-format.md, Limits): the bytes of one line, and the
 * lines of each entity file (a blank line counts). The counts are far above what a person's
 * ledger holds, and bound the memory and time a restore can take.
 */
export const EXPORT_MAX_LINE_BYTES = 1024 * 1024;
export const EXPORT_MAX_ROWS = {
  accounts: 1_000,
  categories: 10_000,
  transactions: 1_000_000,
  transfers: 100_000,
  budgets: 100_000,
  recurring: 10_000,
  rules: MAX_RULES,
  rates: 100_000,
  receipts: 20_000,
  receiptShops: 10_000,
  goals: 1_000,
  attachments: 50_000,
  savedFilters: MAX_SAVED_FILTERS,
  splits: 200_000,
} as const satisfies Record<ExportEntity, number>;
/** The largest receipt or attached file a restore takes: the most UPLOAD_MAX_MB can be. */
export const EXPORT_MAX_FILE_BYTES = 100 * 1024 * 1024;

const id = z.uuid();
/**
 * Who made or last changed a row of a household's books: a user id, null for rows the system
 * made or whose author has left. Added within version 1: absent in older exports. A restore keeps
 * it only where that user is a member of the household restored into.
 */
const author = id.nullable().optional();
/** A code of the currency catalogue (GET /api/currencies), as every create route takes it. */
const currency = z.string().refine(isCatalogueCurrency, RATE_MESSAGES.currencyInvalid);
const day = z.string().refine(isCalendarDate, 'a calendar date YYYY-MM-DD');
const instant = z.iso.datetime({ offset: true });
/** The largest amount the API takes (MAX_AMOUNT), in hundredths. */
const MAX_HUNDREDTHS = MAX_AMOUNT * 10 ** STORED_DECIMALS;
/** Integer hundredths, as Moneta stores every amount (docs/currencies.md), within the API's range. */
const hundredths = z
  .number()
  .int()
  .min(-MAX_HUNDREDTHS, `an amount of at most ${MAX_AMOUNT} either way`)
  .max(MAX_HUNDREDTHS, `an amount of at most ${MAX_AMOUNT}`);
const positiveHundredths = hundredths.min(1);
const note = z.string().max(MAX_NOTE_LENGTH).nullable();
/** What the API stores of a name: trimmed (the create routes trim what they are sent). */
const trimmed = (schema: z.ZodString) =>
  schema.refine((value) => value.trim() === value, 'spaces around it (the API trims them)');
const category = trimmed(z.string().min(1).max(MAX_CATEGORY_LENGTH));
/** A file inside the zip: a relative path under receipts/. */
const zipPath = z.string().regex(/^receipts\/[\w.-]{1,100}$/);
/** An attached file inside the zip: a relative path under attachments/. */
const attachmentZipPath = z.string().regex(/^attachments\/[\w.-]{1,100}$/);
const fileSize = z.number().int().max(EXPORT_MAX_FILE_BYTES);

/** An amount of hundredths is whole in its currency's minor unit (no ¥0.50), as the API checks. */
const isWholeIn = (cents: number, code: string) =>
  cents % 10 ** Math.max(0, STORED_DECIMALS - currencyDecimals(code)) === 0;

/** The first thing read of a manifest: enough to refuse another format or a newer version. */
export const exportManifestHeadSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1),
});

export const exportManifestSchema = exportManifestHeadSchema.extend({
  exportedAt: instant,
  baseCurrency: currency,
  /** An IANA zone this runtime knows, as the settings route checks it. */
  timeZone: z.string().refine(isValidTimeZone, 'an IANA time zone such as Europe/Berlin'),
  /** Absent from exports made before locales (version 1 still): the restoring user's stays. */
  locale: localeSchema.optional(),
  /** How many records each entity file holds: a restore checks it reads exactly these. */
  counts: z.record(z.string(), z.number().int().min(0)),
});
export type ExportManifest = z.infer<typeof exportManifestSchema>;

export const exportAccountSchema = z.object({
  id,
  name: trimmed(z.string().min(1).max(50)),
  type: z.enum(ACCOUNT_TYPES),
  currency,
  openingBalanceCents: hundredths,
  isArchived: z.boolean(),
  identifiers: z.array(z.string().min(1).max(64)).max(5),
  createdAt: instant,
});

/**
 * A custom category, or a built-in one the user hid (`hidden`, absent from the first exports:
 * shown). A built-in's record only carries that it is hidden.
 */
export const exportCategorySchema = z.object({
  name: category,
  isIncome: z.boolean(),
  hidden: z.boolean().optional(),
});

export const exportTransactionSchema = z
  .object({
    id,
    accountId: id,
    // Not held to trimming: transaction names come from bank files as well as from the API.
    name: z.string().min(1).max(MAX_NAME_LENGTH),
    category,
    costCents: positiveHundredths,
    currency,
    /** What the bank charged in `baseCostCurrency`, when given (rate source `manual`). */
    baseCostCents: positiveHundredths.nullable(),
    baseCostCurrency: currency.nullable(),
    addedOn: day,
    isIncome: z.boolean(),
    note,
    recurringId: id.nullable(),
    receiptId: id.nullable(),
    bankId: z.string().max(200).nullable(),
    createdAt: instant,
    createdBy: author,
    updatedBy: author,
    /** Added within version 1: absent, the transaction has none. */
    tags: z
      .array(z.string().min(1).max(MAX_TAG_LENGTH))
      .max(MAX_TAGS)
      .refine((tags) => new Set(tags.map(tagKey)).size === tags.length, 'tags repeat')
      .default([]),
  })
  .refine((record) => isWholeIn(record.costCents, record.currency), {
    path: ['costCents'],
    message: 'more decimals than its currency has',
  })
  .refine((record) => (record.baseCostCents === null) === (record.baseCostCurrency === null), {
    path: ['baseCostCurrency'],
    message: 'given with baseCostCents, and only then',
  });

export const exportTransferSchema = z.object({
  id,
  fromAccountId: id,
  toAccountId: id,
  amountCents: positiveHundredths,
  toAmountCents: positiveHundredths.nullable(),
  date: day,
  toDate: day.nullable(),
  note,
  fromBankId: z.string().max(200).nullable(),
  toBankId: z.string().max(200).nullable(),
  createdAt: instant,
  createdBy: author,
  updatedBy: author,
});

export const exportBudgetSchema = z.object({
  category,
  amountCents: hundredths.min(0),
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(2000).max(2100),
  /** Left out by the first exports: no rollover. */
  rollover: z.boolean().optional(),
  /**
   * Left out by exports before creation times were kept: a restore gives the budget the time of the
   * restore.
   */
  createdAt: instant.optional(),
  /** Left out by exports before repeating budgets: no repeat. */
  repeat: z.boolean().optional(),
});

export const exportGoalSchema = z.object({
  id,
  name: trimmed(z.string().min(1).max(MAX_NAME_LENGTH)),
  targetCents: positiveHundredths,
  currency,
  targetDate: day.nullable(),
  accountId: id.nullable(),
  savedCents: hundredths.min(0),
  createdAt: instant,
});

export const exportRecurringSchema = z
  .object({
    id,
    name: trimmed(z.string().min(1).max(MAX_NAME_LENGTH)),
    category,
    amountCents: positiveHundredths,
    isIncome: z.boolean(),
    frequency: z.enum(FREQUENCIES),
    interval: z.number().int().min(1).max(MAX_RECURRING_INTERVAL),
    /** Within the years the API takes: a start in 1900 would record a century of occurrences. */
    startDate: day.refine(
      (date) => date >= RECURRING_MIN_START_DATE && date <= RECURRING_MAX_START_DATE,
      RECURRING_MESSAGES.startDateOutOfRange,
    ),
    endDate: day.nullable(),
    nextDueDate: day,
    accountId: id.nullable(),
    note,
  })
  .refine((rule) => rule.endDate === null || rule.endDate >= rule.startDate, {
    path: ['endDate'],
    message: RECURRING_MESSAGES.endBeforeStart,
  })
  .refine((rule) => rule.nextDueDate >= rule.startDate, {
    path: ['nextDueDate'],
    message: 'before the start date',
  });

export const exportRuleSchema = z.object({
  id,
  position: z.number().int().min(1).max(MAX_RULES),
  field: z.enum(RULE_FIELDS),
  operator: z.enum(RULE_OPERATORS),
  value: trimmed(z.string().min(1).max(MAX_RULE_VALUE_LENGTH)).refine(
    (value) => /[\p{L}\p{N}]/u.test(value),
    RULE_MESSAGES.valueWithoutLetters,
  ),
  isIncome: z.boolean().nullable(),
  category,
  rename: trimmed(z.string().min(1).max(MAX_NAME_LENGTH)).nullable(),
  transferAccountId: id.nullable(),
});

export const exportRateSchema = z.object({
  currency,
  baseCurrency: currency,
  date: day.refine(isRateDate, RATE_MESSAGES.dateOutOfRange),
  /** Units of `baseCurrency` per unit of `currency`, as a decimal string (exact). */
  rate: z
    .string()
    .regex(/^\d{1,20}(\.\d{1,20})?$/)
    .refine((text) => {
      const read = readDecimalText(text);
      return (
        !!read && read.value > 0 && read.value <= MAX_RATE && read.decimals <= MAX_RATE_DECIMALS
      );
    }, RATE_MESSAGES.rateInvalid),
});

const confidence = z.number().min(0).max(1);

/**
 * A receipt's reading as Moneta stores it and `GET /api/receipts` shows it (its `extractedData`
 * and `confidence`): exactly these fields, nothing the list could not answer.
 */
export const exportReceiptReadingSchema = z.object({
  merchant: z.string().max(MAX_NAME_LENGTH),
  amount: z.number().positive().max(MAX_AMOUNT),
  category,
  date: day,
  /** The ISO code printed on the receipt, or null; absent from readings before currencies. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .nullable()
    .optional(),
  confidence: z.object({
    merchant: confidence,
    total: confidence,
    date: confidence,
    category: confidence,
  }),
  /** Who read it; not shown by GET /receipts, so a reading without it still lists. */
  source: z.enum(['ocr', 'pdf-text', 'ai']).optional(),
  /** Set once the user confirmed or corrected the reading. */
  isReviewed: z.boolean().optional(),
  /** The merchant and category came from what the user taught about the shop. */
  isTaught: z.boolean().optional(),
});
export type ExportReceiptReading = z.infer<typeof exportReceiptReadingSchema>;

/** Who printed a receipt: its header lines, tax id and phone, as the reader found them. */
export const exportReceiptShopPrintSchema = z.object({
  header: z.array(z.string().max(500)).max(50),
  taxId: z.string().max(100).nullable(),
  phone: z.string().max(100).nullable(),
});

export const exportReceiptSchema = z.object({
  id,
  fileName: z.string().min(1).max(255),
  mimeType: z.enum(receiptMimeTypes),
  sizeBytes: fileSize.min(0),
  /** Hex SHA-256 of the file: a restore checks the file against it. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  file: zipPath,
  /** A PDF's page 1 as PNG, when one was made. */
  pagePng: zipPath.nullable(),
  reading: exportReceiptReadingSchema,
  shop: exportReceiptShopPrintSchema.nullable(),
  createdAt: instant,
  createdBy: author,
  updatedBy: author,
});

export const exportReceiptShopSchema = z.object({
  taxId: z.string().max(100).nullable(),
  phone: z.string().max(100).nullable(),
  headerLines: z.array(z.string().max(500)).max(50),
  merchant: trimmed(z.string().min(1).max(MAX_NAME_LENGTH)),
  category,
});

/** A file attached to a transaction (a receipt's file is its receipt's, not repeated here). */
export const exportAttachmentSchema = z.object({
  id,
  transactionId: id,
  fileName: z.string().min(1).max(255),
  mimeType: z.enum(receiptMimeTypes),
  sizeBytes: fileSize.min(1),
  /** Hex SHA-256 of the file: a restore checks the file against it. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  file: attachmentZipPath,
  createdAt: instant,
});

export const exportSavedFilterSchema = z.object({
  name: z.string().trim().min(1).max(MAX_SAVED_FILTER_NAME_LENGTH),
  query: z.string().trim().min(1).max(MAX_SEARCH_LENGTH),
});

/**
 * One part of a split transaction (docs/export-format.md): 2–50 per split transaction, positions
 * 0…n−1, summing exactly to its `costCents` (the restore checks all of it).
 */
export const exportSplitSchema = z.object({
  transactionId: id,
  position: z.number().int().min(0).max(49),
  category,
  amountCents: positiveHundredths,
  note,
});

/** Each entity file's record schema (format version 1). */
export const exportRecordSchemas = {
  accounts: exportAccountSchema,
  categories: exportCategorySchema,
  transactions: exportTransactionSchema,
  transfers: exportTransferSchema,
  budgets: exportBudgetSchema,
  recurring: exportRecurringSchema,
  rules: exportRuleSchema,
  rates: exportRateSchema,
  receipts: exportReceiptSchema,
  receiptShops: exportReceiptShopSchema,
  goals: exportGoalSchema,
  attachments: exportAttachmentSchema,
  savedFilters: exportSavedFilterSchema,
  splits: exportSplitSchema,
} satisfies Record<ExportEntity, z.ZodType>;

export type ExportRecords = {
  [Entity in ExportEntity]: z.infer<(typeof exportRecordSchemas)[Entity]>[];
};
export type ExportAccount = z.infer<typeof exportAccountSchema>;
export type ExportTransaction = z.infer<typeof exportTransactionSchema>;
export type ExportTransfer = z.infer<typeof exportTransferSchema>;
export type ExportRecurring = z.infer<typeof exportRecurringSchema>;
export type ExportRule = z.infer<typeof exportRuleSchema>;
export type ExportReceipt = z.infer<typeof exportReceiptSchema>;
export type ExportAttachment = z.infer<typeof exportAttachmentSchema>;
export type ExportSplit = z.infer<typeof exportSplitSchema>;

/** What `POST /export/restore` answers: how many of each entity it created. */
export const restoreResultSchema = z.object({
  formatVersion: z.number().int().describe("The export's format version."),
  counts: z
    .object(
      Object.fromEntries(EXPORT_ENTITIES.map((entity) => [entity, z.number().int().min(0)])) as {
        [Entity in ExportEntity]: z.ZodNumber;
      },
    )
    .describe('How many of each were created.'),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;
