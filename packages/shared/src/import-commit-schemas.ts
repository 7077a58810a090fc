import { z } from './zod';
import { ACCOUNT_MESSAGES, MAX_ACCOUNT_NAME_LENGTH } from './account-schemas';
import { categoryNameSchema } from './field-schemas';

// An import's commit (the user's choices in the preview, and what it recorded) and its undo.

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
        category: categoryNameSchema
          .optional()
          .describe(
            "On a row with `splits`, only its own category (the largest part's): another is 400 " +
              '`VALIDATION` "Row n is split in the file: its parts keep their own categories.", ' +
              'and nothing is committed.',
          ),
        isIncome: z.boolean({ message: 'isIncome must be true or false.' }).optional(),
        transferAccountId: z
          .string({ message: 'transferAccountId must be an account id or null.' })
          .nullable()
          .optional()
          .describe(
            "The row is a transfer to or from this account of the user's (404 " +
              '`ACCOUNT_NOT_FOUND` if it is not theirs, 400 `TRANSFER_TO_SAME_ACCOUNT` if it is ' +
              "the import's own, or in a file of several accounts the row's statement's); null: " +
              'it is not a transfer. When that account holds two or more transactions that could ' +
              "be the row's other leg (none taken by another row), the commit is 409 " +
              '`TRANSFER_OTHER_LEG_AMBIGUOUS`, naming the row and their dates, and nothing is ' +
              'committed.',
          ),
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
          .min(0, 'key must be a statement key.')
          .describe('A statement of the file (400 `NO_SUCH_STATEMENT` otherwise).'),
        accountId: z
          .string({ message: 'accountId must be an account id, or null for a new account.' })
          .nullable()
          .describe(
            "An account of the user's (404 `ACCOUNT_NOT_FOUND` otherwise); null: a new account, " +
              'created in the same database transaction.',
          ),
        name: z
          .string({ message: ACCOUNT_MESSAGES.nameRequired })
          .trim()
          .min(1, ACCOUNT_MESSAGES.nameRequired)
          .max(MAX_ACCOUNT_NAME_LENGTH, ACCOUNT_MESSAGES.nameTooLong)
          .optional()
          .describe(
            "The new account's name (default its `suggestedName`; 409 `ACCOUNT_NAME_TAKEN` if " +
              'the user has an account so named).',
          ),
      }),
      { message: 'statements must be a list of { key, accountId, name? }.' },
    )
    .max(1000, 'At most 1000 statements per commit.')
    .refine((statements) => new Set(statements.map((s) => s.key)).size === statements.length, {
      message: 'Each statement key can be given once.',
    })
    .optional()
    .describe(
      "Where a statement's rows go, each `key` once; statements not named keep the preview's " +
        'account (or new account).',
    ),
});
export type ImportCommitInput = z.input<typeof importCommitSchema>;

export const importCommitResultSchema = z.object({
  created: z.number().describe('Transactions.'),
  skippedDuplicates: z.number(),
  skippedProblems: z.number(),
  skippedExcluded: z.number().describe('New rows the user left out.'),
  transfers: z.number().describe('Transfers recorded (apart from `created`).'),
});
export type ImportCommitResult = z.infer<typeof importCommitResultSchema>;

export const importUndoResultSchema = z.object({
  deleted: z.number().describe('Transactions and transfers removed.'),
  removedAccountIds: z
    .array(z.string())
    .describe('Accounts the import created, now deleted: they held nothing else.'),
  keptAccountIds: z
    .array(z.string())
    .describe(
      'Accounts the import created that stay: they hold transactions, transfers or imports since.',
    ),
});
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
