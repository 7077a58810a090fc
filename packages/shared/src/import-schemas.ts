import { z } from './zod';
import { ACCOUNT_MESSAGES, ACCOUNT_TYPES, MAX_ACCOUNT_NAME_LENGTH } from './account-schemas';
import { categoryNameSchema, pageQueryShape } from './field-schemas';
import { IMPORT_MAPPING_REASON_CODES, IMPORT_ROW_PROBLEM_CODES } from './import-messages';

/**
 * Bank files Moneta reads (docs/architecture.md, Imports); the format is decided from the bytes.
 */
export const IMPORT_FORMATS = ['csv', 'ofx', 'qif', 'camt053'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/**
 * Personal-finance apps whose CSV export Moneta recognises by its header and reads without a
 * column mapping (docs/imports-other-apps.md): each account named in the file is a statement.
 */
export const OTHER_APPS = ['ynab', 'actual', 'mint', 'firefly'] as const;
export type OtherApp = (typeof OTHER_APPS)[number];
export const OTHER_APP_NAMES: Record<OtherApp, string> = {
  ynab: 'YNAB',
  actual: 'Actual Budget',
  mint: 'Mint',
  firefly: 'Firefly III',
};

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

/** The values an import's sentence names (a row number, a quoted cell or title, a count). */
export const importMessageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

/** One row of a file as it will be imported. `amount` is absolute; `isIncome` gives the sign. */
export const importRowSchema = z
  .object({
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
    /**
     * `problem`'s code and the values it names (the web says it in the user's
     * language); null without a problem. Absent from servers before them.
     */
    problemCode: z.enum(IMPORT_ROW_PROBLEM_CODES).nullable().optional(),
    problemParams: importMessageParamsSchema.nullable().optional(),
    /** A CSV row's cells as they are in the file (for choosing a mapping); null for others. */
    cells: z.array(z.string()).nullable(),
    /** The key of the file's statement the row belongs to (0 in a file of one account). */
    statement: z.number(),
    /**
     * The currency of `amount`: its statement's as the file says, else its statement's account's;
     * null for a statement whose new account the commit creates in the base currency. Absent from
     * servers before it.
     */
    currency: z.string().nullable().optional(),
    /**
     * A `transfer` whose other leg is a row of another statement of this file (a multi-account
     * file): that row's index. The commit records the two rows as one transfer.
     */
    matchRow: z.number().nullable(),
    /**
     * Only on a row another app's export splits (docs/imports-other-apps.md): its 2–50 parts,
     * which the commit keeps as the transaction's splits; `category` is the largest part's.
     */
    splits: z
      .array(z.object({ category: z.string(), amount: z.number(), note: z.string().nullable() }))
      .optional(),
  })
  .meta({ id: 'ImportRow' });
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

const importMappingReasonSentencesSchema = z.array(
  z.object({ code: z.enum(IMPORT_MAPPING_REASON_CODES), params: importMessageParamsSchema }),
);

/** `mappingReasons` as codes, sentence by sentence, for the web to say in the user's language. */
export const importMappingReasonCodesSchema = z.object(
  Object.fromEntries(
    Object.keys(importMappingReasonsSchema.shape).map((role) => [
      role,
      importMappingReasonSentencesSchema.optional(),
    ]),
  ) as Record<keyof ImportMappingReasons, z.ZodOptional<typeof importMappingReasonSentencesSchema>>,
);
export type ImportMappingReasonCodes = z.infer<typeof importMappingReasonCodesSchema>;

export const importCountsSchema = z.object({
  new: z.number(),
  duplicate: z.number(),
  problem: z.number(),
  transfer: z.number(),
});

/**
 * One account's statement in the file (docs/imports-multi-account.md): an OFX <STMTRS> or
 * <CCSTMTRS>, a QIF `!Account` block; a file of one account has one. `accountId` is the account
 * its rows go to; null in a preview: a new account named `suggestedName` is created at commit
 * (after an undo that removed the account it created: null too, with `isCreated`).
 */
export const importStatementSchema = z
  .object({
    key: z.number(),
    /** The account's name as the file gives it (a QIF `N` line); null when it gives none. */
    name: z.string().nullable(),
    /** The account's number as the file gives it (OFX ACCTID), without spaces, in capitals. */
    identifier: z.string().nullable(),
    /** The statement's currency (OFX CURDEF), an ISO code; null when the file does not say. */
    currency: z.string().nullable(),
    /** Rows of the file in this statement. */
    rowCount: z.number(),
    accountId: z.string().nullable(),
    /** Why the rows go to `accountId`: the account carries the identifier, has the name, was chosen. */
    matchedBy: z.enum(['identifier', 'name', 'upload', 'choice']).nullable(),
    /** The name and type a new account for this statement gets. */
    suggestedName: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    /** The commit created `accountId` for this statement (undo removes it when it holds nothing). */
    isCreated: z.boolean(),
    /**
     * The account's opening balance as the file gives it (another app's "Starting Balance" rows,
     * which are then no rows): the commit adds it to the account's opening balance, undo takes it
     * back. Absent when the file gives none.
     */
    openingBalance: z.number().optional(),
  })
  .meta({ id: 'ImportStatement' });
export type ImportStatement = z.infer<typeof importStatementSchema>;

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
  /**
   * A CSV recognised as another app's export (docs/imports-other-apps.md): read by that app's
   * columns, so it has no mapping. Null (or absent, from older servers) for every other file.
   */
  sourceApp: z.enum(OTHER_APPS).nullable().optional(),
  /** CSV only, for a detected mapping: why each column was chosen. */
  mappingReasons: importMappingReasonsSchema.optional(),
  /**
   * `mappingReasons` as codes, for the web's languages; absent for a mapping detected before them.
   */
  mappingReasonCodes: importMappingReasonCodesSchema.optional(),
  rowCount: z.number(),
  counts: importCountsSchema,
  /**
   * Pairs of `transfer` rows from two statements of the file (`matchRow`): the commit records
   * each pair as one transfer, so it records `counts.transfer − transferPairs` transfers.
   */
  transferPairs: z.number(),
  /** Transactions the commit created; null before it. */
  created: z.number().nullable(),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  /** The accounts' statements in the file, in file order (one for a file of one account). */
  statements: z.array(importStatementSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importSchema = importSummarySchema
  .extend({
    preview: z.array(importRowSchema),
  })
  .meta({ id: 'Import' });
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
  /**
   * Where each statement's rows go: an existing account (`accountId`), or a new account
   * (`accountId: null`, named `name` or the suggested name). Statements not named keep what
   * the preview showed.
   */
  statements: z
    .array(
      z.object({
        key: z
          .number({ message: 'key must be a statement key.' })
          .int('key must be a statement key.')
          .min(0, 'key must be a statement key.'),
        accountId: z
          .string({ message: 'accountId must be an account id, or null for a new account.' })
          .nullable(),
        name: z
          .string({ message: ACCOUNT_MESSAGES.nameRequired })
          .trim()
          .min(1, ACCOUNT_MESSAGES.nameRequired)
          .max(MAX_ACCOUNT_NAME_LENGTH, ACCOUNT_MESSAGES.nameTooLong)
          .optional(),
      }),
      { message: 'statements must be a list of { key, accountId, name? }.' },
    )
    .max(1000, 'At most 1000 statements per commit.')
    .refine((statements) => new Set(statements.map((s) => s.key)).size === statements.length, {
      message: 'Each statement key can be given once.',
    })
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

export const importUndoResultSchema = z.object({
  deleted: z.number(),
  /** Accounts the import created that the undo removed: they held nothing else. */
  removedAccountIds: z.array(z.string()),
  /** Accounts the import created that stay: they hold transactions, transfers or imports since. */
  keptAccountIds: z.array(z.string()),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
