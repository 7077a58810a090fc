import { z } from './zod';
import { ACCOUNT_TYPES } from './account-schemas';
import { dateText, pageQueryShape } from './field-schemas';
import { IMPORT_MAPPING_REASON_CODES, IMPORT_ROW_PROBLEM_CODES } from './import-messages';
import {
  CATEGORY_SOURCES,
  IMPORT_DATE_FORMATS,
  IMPORT_FORMATS,
  IMPORT_ROW_STATUSES,
  IMPORT_STATUSES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_SKIP_ROWS,
  OTHER_APPS,
} from './import-constants';

// What a commit takes and answers, and an undo's answer, have a module of their own, re-exported
// here for the importers of this one.
export * from './import-commit-schemas';
export * from './import-constants';

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
  counterparty: z
    .number()
    .nullable()
    .describe(
      "The other party's account (IBAN) column: a row naming another of the user's accounts is " +
        'a transfer.',
    ),
  invertSign: z.boolean(),
  skipRows: z.number(),
  direction: z
    .number()
    .nullable()
    .optional()
    .describe(
      'A column that says debit or credit beside an unsigned amount; null or absent when the ' +
        'amount carries its own sign.',
    ),
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
    direction: column('direction')
      .nullable()
      .default(null)
      .describe(
        'A column that marks an unsigned amount as debit or credit (`Dr`/`Cr`, `debit`/`credit`, ' +
          '`S`/`H`, `Af`/`Bij`); a marked row takes its sign from it.',
      ),
    invertSign: z.boolean({ message: 'invertSign must be true or false.' }).default(false),
    skipRows: z
      .number({ message: 'skipRows must be a whole number of lines.' })
      .int('skipRows must be a whole number of lines.')
      .min(0, 'skipRows must be a whole number of lines.')
      .max(MAX_IMPORT_SKIP_ROWS, `skipRows must be at most ${MAX_IMPORT_SKIP_ROWS}.`)
      .optional()
      .describe(
        'The lines before the header, counted as a text editor numbers them (blank lines ' +
          "included); default the detected preamble. Another header line than the import's has " +
          'its columns detected again (the other fields of the mapping are then not used).',
      ),
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
    date: dateText().nullable(),
    name: z.string(),
    amount: z.number().nullable(),
    isIncome: z.boolean().nullable(),
    category: z.string().nullable(),
    /** Where the category comes from (user, file, rule, history or default). */
    categorySource: z.enum(CATEGORY_SOURCES).nullable(),
    note: z.string().nullable(),
    status: z.enum(IMPORT_ROW_STATUSES),
    duplicateOf: z.string().nullable().describe('The transaction a `duplicate` repeats.'),
    duplicateOfTransfer: z
      .string()
      .nullable()
      .describe('The transfer whose leg a `duplicate` repeats (already on the account).'),
    transferAccountId: z.string().nullable().describe("A `transfer`'s other account."),
    matchOf: z
      .string()
      .nullable()
      .describe(
        "A `transfer`'s other leg, already recorded as this transaction (the commit replaces it).",
      ),
    problem: z.string().nullable().describe('Why the row cannot be imported, in English.'),
    problemCode: z
      .enum(IMPORT_ROW_PROBLEM_CODES)
      .nullable()
      .optional()
      .describe(
        "`problem`'s code (`IMPORT_ROW_PROBLEM_CODES` in `packages/shared/src/import-messages.ts`), " +
          "for a client to say it in its user's language; null without a problem (or for a " +
          'sentence without a code).',
      ),
    problemParams: importMessageParamsSchema
      .nullable()
      .optional()
      .describe(
        'The values `problem` names: `row` (number), and as the code needs `value` (the cell, in ' +
          'quotes), `column` (a title in quotes, or a number), `format`, `debit`, `credit`, and ' +
          'for the four `amount…` codes `field`, one of `amount`, `amountColumn`, `debitColumn`, ' +
          '`creditColumn`, `amountCamt`, `amountOfx`, `amountQif`, `outflow`, `inflow` (which ' +
          'amount of the row).',
      ),
    cells: z
      .array(z.string())
      .nullable()
      .describe(
        "A CSV row's cells as they are in the file (for choosing a mapping); null for others.",
      ),
    statement: z
      .number()
      .describe(
        "The `key` of the file's statement (**ImportStatement**) the row belongs to; 0 in a file " +
          'of one account.',
      ),
    currency: z
      .string()
      .nullable()
      .optional()
      .describe(
        "The currency of `amount`: its statement's as the file says (OFX `CURDEF`), else its " +
          "statement's account's; null for a statement whose new account the commit creates (in " +
          'the base currency).',
      ),
    matchRow: z
      .number()
      .nullable()
      .describe(
        'A `transfer` whose other leg is a row of another statement of the same file: that ' +
          "row's `index` (the commit records the two as one transfer). Between statements in two " +
          "currencies the amounts differ: they are paired when the amount sent, at its day's " +
          'rate, is within 2 % of the amount received (docs/imports-multi-account.md).',
      ),
    splits: z
      .array(z.object({ category: z.string(), amount: z.number(), note: z.string().nullable() }))
      .optional()
      .describe(
        "Only on a row another app's export splits (absent otherwise): 2–50 parts summing to " +
          "`amount`; `category` is the largest part's. The commit creates one split transaction " +
          'with these parts (docs/imports-other-apps.md, Splits).',
      ),
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

export const importStatementSchema = z
  .object({
    key: z.number().describe('Its place in the file, from 0.'),
    name: z
      .string()
      .nullable()
      .describe("The account's name as the file gives it (QIF `N`); null when it gives none."),
    identifier: z
      .string()
      .nullable()
      .describe('The account number the file gives (OFX `ACCTID`), without spaces, in capitals.'),
    currency: z
      .string()
      .nullable()
      .describe("The statement's currency (OFX `CURDEF`); null when the file does not say."),
    rowCount: z.number().describe('Rows of the file in this statement.'),
    accountId: z
      .string()
      .nullable()
      .describe(
        'Where its rows go; null in a preview: a new account named `suggestedName` is created ' +
          'at commit (after an undo that removed the account the commit created: null too).',
      ),
    matchedBy: z
      .enum(['identifier', 'name', 'upload', 'choice'])
      .nullable()
      .describe(
        'Why `accountId`: the account carries the identifier, has the name, was sent with the ' +
          'upload, was chosen.',
      ),
    suggestedName: z.string().describe('The name a new account for it gets.'),
    type: z.enum(ACCOUNT_TYPES).describe('The type a new account gets.'),
    isCreated: z
      .boolean()
      .describe('The commit created `accountId` (undo removes it when it holds nothing).'),
    openingBalance: z
      .number()
      .optional()
      .describe(
        'The account\'s opening balance as the file gives it (another app\'s "Starting Balance" ' +
          "rows, which are then no rows): the commit adds it to the account's opening balance, " +
          'undo takes it back. Absent when the file gives none.',
      ),
  })
  .meta({
    id: 'ImportStatement',
    description:
      "One account's statement in the file (docs/imports-multi-account.md): an OFX `<STMTRS>` " +
      'or `<CCSTMTRS>`, a QIF `!Account` block; a file of one account (and every CSV) has one.',
  });
export type ImportStatement = z.infer<typeof importStatementSchema>;

/** An import as the list shows it; `Import` adds the first rows as a preview. */
export const importSummarySchema = z.object({
  _id: z.string(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  accountId: z.string(),
  status: z.enum(IMPORT_STATUSES),
  encoding: z
    .string()
    .describe(
      "The file's encoding: utf-8, windows-1252, windows-1250, iso-8859-2, utf-16le or utf-16be.",
    ),
  columns: z.array(z.string()).nullable().describe('CSV header cells; null for other formats.'),
  mapping: importMappingSchema.nullable(),
  sourceApp: z
    .enum(OTHER_APPS)
    .nullable()
    .optional()
    .describe(
      "A CSV recognised by its header as that app's export (docs/imports-other-apps.md): read " +
        "by that app's columns, so it has no `mapping`. Null for every other file.",
    ),
  mappingReasons: importMappingReasonsSchema
    .optional()
    .describe(
      'CSV, a detected mapping only: a short sentence per role it set, why that column was ' +
        'chosen.',
    ),
  mappingReasonCodes: importMappingReasonCodesSchema
    .optional()
    .describe(
      'With `mappingReasons` (absent for a mapping detected before it): the same reasons as ' +
        "codes, one per sentence, so that a client can say them in its user's language " +
        '(docs/i18n.md). Each role: an array of `{ code, params }`, `code` one of ' +
        '`IMPORT_MAPPING_REASON_CODES` (`packages/shared/src/import-messages.ts`), `params` the ' +
        'values the sentence names (`column`: a title in quotes, `part`/`whole`: counts, ' +
        '`markers`); the English sentences of a role, joined by a space, are its ' +
        '`mappingReasons`.',
    ),
  rowCount: z.number(),
  counts: importCountsSchema,
  transferPairs: z
    .number()
    .describe(
      'Pairs of `transfer` rows from two statements of the file (`matchRow`); each pair is one ' +
        'transfer, so the commit records `counts.transfer − transferPairs` transfers.',
    ),
  created: z.number().nullable().describe('Transactions the commit created; null before it.'),
  createdAt: z.string(),
  committedAt: z.string().nullable(),
  createdBy: z
    .string()
    .nullable()
    .optional()
    .describe('The member who uploaded the file; null when that user has left the instance.'),
  updatedBy: z
    .string()
    .nullable()
    .optional()
    .describe(
      'The member who last changed it (a new mapping, the commit, the undo); null when that ' +
        'user has left.',
    ),
  statements: z
    .array(importStatementSchema)
    .describe(
      "The accounts' statements in the file, in file order (one for a file of one account).",
    ),
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
