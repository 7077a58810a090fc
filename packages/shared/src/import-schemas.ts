import { z } from './zod';
import { categoryNameSchema, pageQueryShape } from './transaction-schemas';

/**
 * Bank files Moneta reads (docs/architecture.md, Imports); the format is decided from the bytes.
 */
export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt053'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_STATUSES = ['preview', 'committed', 'undone'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * `transfer`: money moved to or from another of the user's accounts (docs/transfers.md), which
 * the commit records as a transfer, never as income or expense.
 */
export const IMPORT_ROW_STATUSES = ['new', 'duplicate', 'problem', 'transfer'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** Date orders a CSV column can be read in. Two-digit years read in 1930–2029 (01.03.26 is 2026). */
export const IMPORT_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'DD-MM-YYYY',
  'YYYY/MM/DD',
] as const;
export type ImportDateFormat = (typeof IMPORT_DATE_FORMATS)[number];

/**
 * Where a row's category comes from: the user's choice at commit, the file's own category
 * column, a rule, the user's history with that payee, or the default (docs/architecture.md, Rules).
 */
export const CATEGORY_SOURCES = ['user', 'file', 'rule', 'history', 'default'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** How many rows an Import carries as its preview. */
export const IMPORT_PREVIEW_ROWS = 20;
/** Wider than any bank's export; a column index beyond it is not a column. */
export const MAX_IMPORT_COLUMNS = 500;
/** Lines before the header row (a bank's preamble: account number, period, …). */
export const MAX_IMPORT_SKIP_ROWS = 1000;
/** The file picker's hint; the server decides by the bytes. */
export const IMPORT_FILE_ACCEPT = '.csv,.txt,.tsv,.ofx,.qfx,.qif,.xml';

const column = (label: string) =>
  z
    .number({ message: `${label} must be a column number (0 is the first column).` })
    .int(`${label} must be a column number (0 is the first column).`)
    .min(0, `${label} must be a column number (0 is the first column).`)
    .max(MAX_IMPORT_COLUMNS - 1, `${label} is not a column of the file.`);

/** The column mapping of a CSV import, as the API shows it (all fields present). */
export const importMappingSchema = z.object({
  date: z.number(),
  dateFormat: z.enum(IMPORT_DATE_FORMATS),
  amount: z.number().nullable(),
  debit: z.number().nullable(),
  credit: z.number().nullable(),
  decimalSeparator: z.enum(['.', ',']),
  name: z.number(),
  note: z.number().nullable(),
  category: z.number().nullable(),
  /** The other party's account (IBAN): a row naming another of the user's accounts is a transfer. */
  counterparty: z.number().nullable(),
  invertSign: z.boolean(),
  skipRows: z.number(),
  /**
   * A column that says debit or credit beside an unsigned amount (`Dr`/`Cr`, `debit`/`credit`,
   * `S`/`H`, `Af`/`Bij`); null or absent when the amount carries its own sign.
   */
  direction: z.number().nullable().optional(),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * A mapping the client sends: either one signed `amount` column, or `debit` and/or `credit`
 * columns. Optional columns default to none; `skipRows` defaults to the detected preamble.
 */
export const importMappingInputSchema = z
  .object({
    date: column('date'),
    dateFormat: z.enum(IMPORT_DATE_FORMATS, {
      message: `dateFormat must be one of ${IMPORT_DATE_FORMATS.join(', ')}.`,
    }),
    amount: column('amount').nullable().default(null),
    debit: column('debit').nullable().default(null),
    credit: column('credit').nullable().default(null),
    decimalSeparator: z.enum(['.', ','], { message: 'decimalSeparator must be "." or ",".' }),
    name: column('name'),
    note: column('note').nullable().default(null),
    category: column('category').nullable().default(null),
    counterparty: column('counterparty').nullable().default(null),
    direction: column('direction').nullable().default(null),
    invertSign: z.boolean({ message: 'invertSign must be true or false.' }).default(false),
    skipRows: z
      .number({ message: 'skipRows must be a whole number of lines.' })
      .int('skipRows must be a whole number of lines.')
      .min(0, 'skipRows must be a whole number of lines.')
      .max(MAX_IMPORT_SKIP_ROWS, `skipRows must be at most ${MAX_IMPORT_SKIP_ROWS}.`)
      .optional(),
  })
  .refine(
    (mapping) => (mapping.amount === null) !== (mapping.debit === null && mapping.credit === null),
    {
      path: ['amount'],
      message: 'Choose either one amount column, or debit and/or credit columns.',
    },
  );
export type ImportMappingInput = z.input<typeof importMappingInputSchema>;
export type ValidImportMappingInput = z.output<typeof importMappingInputSchema>;

export const importMappingBodySchema = z.object({ mapping: importMappingInputSchema });

/** One row of a file as it will be imported. `amount` is absolute; `isIncome` gives the sign. */
export const importRowSchema = z.object({
  index: z.number(),
  date: z.string().nullable(),
  name: z.string(),
  amount: z.number().nullable(),
  isIncome: z.boolean().nullable(),
  category: z.string().nullable(),
  /** Where the category comes from (user, file, rule, history or default). */
  categorySource: z.enum(CATEGORY_SOURCES).nullable(),
  note: z.string().nullable(),
  status: z.enum(IMPORT_ROW_STATUSES),
  duplicateOf: z.string().nullable(),
  /** A `duplicate` of a leg of this transfer, already on the account. */
  duplicateOfTransfer: z.string().nullable(),
  /** A `transfer`: the user's other account the money moves to or from. */
  transferAccountId: z.string().nullable(),
  /** A `transfer` whose other leg is already recorded: that transaction (the commit replaces it). */
  matchOf: z.string().nullable(),
  problem: z.string().nullable(),
  /** A CSV row's cells as they are in the file (for choosing a mapping); null for others. */
  cells: z.array(z.string()).nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/**
 * Why the detector chose what it chose, one short sentence per role it set (the mapping
 * screen shows it as a hint). Absent for a mapping the user chose.
 */
export const importMappingReasonsSchema = z.object({
  date: z.string().optional(),
  amount: z.string().optional(),
  debit: z.string().optional(),
  credit: z.string().optional(),
  name: z.string().optional(),
  note: z.string().optional(),
  category: z.string().optional(),
  counterparty: z.string().optional(),
  direction: z.string().optional(),
  invertSign: z.string().optional(),
});
export type ImportMappingReasons = z.infer<typeof importMappingReasonsSchema>;

export const importCountsSchema = z.object({
  new: z.number(),
  duplicate: z.number(),
  problem: z.number(),
  transfer: z.number(),
});

/** An import as the list shows it; `Import` adds the first rows as a preview. */
export const importSummarySchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  accountId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** The file's encoding: utf-8, windows-1252, windows-1250, iso-8859-2, utf-16le or utf-16be. */
  encoding: z.string(),
  /** CSV header cells; null for other formats. */
  columns: z.array(z.string()).nullable(),
  mapping: importMappingSchema.nullable(),
  /** CSV only, for a detected mapping: why each column was chosen (issue 32). */
  mappingReasons: importMappingReasonsSchema.optional(),
  rowCount: z.number(),
  counts: importCountsSchema,
  /** Transactions the commit created; null before it. */
  created: z.number().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importSchema = importSummarySchema.extend({
  preview: z.array(importRowSchema),
});
export type Import = z.infer<typeof importSchema>;

export const importRowsQuerySchema = z.object({
  ...pageQueryShape,
  status: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .enum(IMPORT_ROW_STATUSES, {
          message: 'status must be new, duplicate, problem or transfer.',
        })
        .optional(),
    )
    .optional(),
});

export const importRowsPageSchema = z.object({
  rows: z.array(importRowSchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type ImportRowsPage = z.infer<typeof importRowsPageSchema>;

/** The most row choices one commit may carry (a 1 MB body holds about 20,000). */
export const MAX_COMMIT_ROW_CHOICES = 100_000;

/**
 * What the user decided in the preview: include a duplicate, leave out a new row, set a row's
 * category or kind. Rows not named keep what the preview showed.
 */
export const importCommitSchema = z.object({
  rows: z
    .array(
      z.object({
        index: z
          .number({ message: 'index must be a row number.' })
          .int('index must be a row number.')
          .min(0, 'index must be a row number.'),
        include: z.boolean({ message: 'include must be true or false.' }).optional(),
        category: categoryNameSchema.optional(),
        isIncome: z.boolean({ message: 'isIncome must be true or false.' }).optional(),
        /** An account id: the row is a transfer to or from it; null: it is not a transfer. */
        transferAccountId: z
          .string({ message: 'transferAccountId must be an account id or null.' })
          .nullable()
          .optional(),
      }),
      {
        message:
          'rows must be a list of { index, include?, category?, isIncome?, transferAccountId? }.',
      },
    )
    .max(MAX_COMMIT_ROW_CHOICES, `At most ${MAX_COMMIT_ROW_CHOICES} row choices per commit.`)
    .optional(),
});
export type ImportCommitInput = z.input<typeof importCommitSchema>;

export const importCommitResultSchema = z.object({
  created: z.number(),
  skippedDuplicates: z.number(),
  skippedProblems: z.number(),
  /** New rows the user left out. */
  skippedExcluded: z.number(),
  /** Transfers the commit recorded (counted apart from `created`, which are transactions). */
  transfers: z.number(),
});
export type ImportCommitResult = z.infer<typeof importCommitResultSchema>;

export const importUndoResultSchema = z.object({ deleted: z.number() });
