import { z } from './zod';
import {
  AMOUNT_DECIMALS_MESSAGE,
  amountSchema,
  calendarDateSchema,
  dateText,
  emptyAsMissing,
  idSchema,
  pageQueryShape,
} from './field-schemas';
import { MAX_NOTE_LENGTH } from './limits';
import { currencyCodeSchema } from './rate-schemas';

/** Where money is kept (docs/architecture.md, Accounts). */
export const ACCOUNT_TYPES = ['cash', 'checking', 'savings', 'credit', 'other'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_TYPE_LABELS: Record<AccountType, string> = {
  cash: 'Cash',
  checking: 'Checking',
  savings: 'Savings',
  credit: 'Credit card',
  other: 'Other',
};

export const MAX_ACCOUNT_NAME_LENGTH = 50;
export const MAX_ACCOUNT_IDENTIFIERS = 5;
export const MAX_ACCOUNT_IDENTIFIER_LENGTH = 34;

/**
 * An account identifier as it is compared and kept: without spaces, in capitals. "de89 3704
 * 0044 0532 0130 00" and "DE89370400440532013000" are one IBAN.
 */
export function normalizeAccountIdentifier(identifier: string): string {
  return identifier.replace(/[\s\u00a0\u202f./-]+/g, '').toUpperCase();
}

/** The account every user starts with; the migration put existing transactions there too. */
export const DEFAULT_ACCOUNT = { name: 'Main', type: 'checking' } as const;

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Please enter a name for the account.',
  nameTooLong: `Account name must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters long.`,
  typeInvalid: 'Account type must be cash, checking, savings, credit or other.',
  openingBalanceInvalid:
    'Please enter a valid opening balance (a number with at most two decimals; negative for a debt).',
  transferAmountInvalid: 'Please enter a valid amount greater than 0.',
  sameAccount: 'Choose two different accounts to move money between.',
  identifierInvalid: `An account identifier has 1 to ${MAX_ACCOUNT_IDENTIFIER_LENGTH} letters and digits (an IBAN or an account number).`,
  identifiersTooMany: `An account can have at most ${MAX_ACCOUNT_IDENTIFIERS} identifiers.`,
  identifiersRepeated: 'Each identifier can be given once.',
} as const;

/** IBANs (at most 34 characters), account numbers, an OFX ACCTID: letters and digits. */
const accountIdentifierSchema = z
  .string({ message: ACCOUNT_MESSAGES.identifierInvalid })
  .transform(normalizeAccountIdentifier)
  .refine((identifier) => /^[A-Z0-9]{1,34}$/.test(identifier), {
    message: ACCOUNT_MESSAGES.identifierInvalid,
  });

export const accountIdentifiersSchema = z
  .array(accountIdentifierSchema, { message: ACCOUNT_MESSAGES.identifierInvalid })
  .max(MAX_ACCOUNT_IDENTIFIERS, ACCOUNT_MESSAGES.identifiersTooMany)
  .refine((identifiers) => new Set(identifiers).size === identifiers.length, {
    message: ACCOUNT_MESSAGES.identifiersRepeated,
  });

/** What the client sends to create or update an account. */
export const accountInputSchema = z.object({
  name: z
    .string({ message: ACCOUNT_MESSAGES.nameRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.nameRequired)
    .max(MAX_ACCOUNT_NAME_LENGTH, ACCOUNT_MESSAGES.nameTooLong),
  type: z.enum(ACCOUNT_TYPES, { message: ACCOUNT_MESSAGES.typeInvalid }),
  openingBalance: amountSchema(ACCOUNT_MESSAGES.openingBalanceInvalid, { sign: 'any' })
    .default(0)
    .describe('Signed: negative for a debt. Default 0.'),
  isArchived: z.boolean({ message: 'isArchived must be true or false.' }).optional(),
  identifiers: accountIdentifiersSchema
    .optional()
    .describe(
      'Each 1–34 letters and digits once spaces, dots, slashes and dashes are removed, each ' +
        "once, none another of the user's accounts carries (409 `ACCOUNT_IDENTIFIER_TAKEN`). " +
        'Creating: default none; left out on an update, the stored ones stay.',
    ),
  currency: currencyCodeSchema
    .optional()
    .describe(
      'The ISO code of the money the account holds, a code of `GET /api/currencies`. Creating: ' +
        'default the base currency; left out on an update, the stored one stays. Changing it ' +
        'once the account holds a transaction or transfer → 409 `ACCOUNT_CURRENCY_IN_USE`.',
    ),
});
export type AccountInput = z.input<typeof accountInputSchema>;
export type ValidAccountInput = z.output<typeof accountInputSchema>;

export const accountSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    openingBalance: z.number(),
    balance: z
      .number()
      .describe('`openingBalance` + incomes − expenses + transfers in − transfers out.'),
    isArchived: z.boolean(),
    identifiers: z
      .array(z.string())
      .describe(
        'IBANs, account numbers, an OFX `ACCTID`; kept without spaces (and dots, slashes, ' +
          'dashes) and in capitals.',
      ),
    createdAt: z.string(),
    currency: z.string().describe('The currency of `openingBalance` and `balance`.'),
    baseBalance: z
      .number()
      .nullable()
      .describe(
        "`balance` in the user's base currency at the latest rate known, whatever its age; null " +
          'without any rate (net worth is the sum of these; it leaves such an account out and ' +
          'says so).',
      ),
    rateDate: dateText()
      .nullable()
      .describe('The day of the rate `baseBalance` used; null for the base currency or no rate.'),
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof accountSchema>;
export const accountListSchema = z.array(accountSchema);

/** What the client sends to create or update a transfer. */
export const transferInputSchema = z
  .object({
    fromAccountId: idSchema('fromAccountId'),
    toAccountId: idSchema('toAccountId'),
    amount: amountSchema(ACCOUNT_MESSAGES.transferAmountInvalid, {
      decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
    }).describe('Out of `fromAccountId`, in its currency.'),
    toAmount: amountSchema(ACCOUNT_MESSAGES.transferAmountInvalid, {
      decimalsMessage: AMOUNT_DECIMALS_MESSAGE,
    })
      .nullish()
      .describe(
        'Into `toAccountId`, in its currency, when the two currencies differ. Without it, ' +
          "`amount` converted at the day's rate (on an update too): 400 when no rate is known, " +
          'or when the converted amount is more than the largest amount, a trillion. Between ' +
          'accounts of one currency it must equal `amount`.',
      ),
    date: calendarDateSchema,
    toDate: calendarDateSchema
      .nullish()
      .describe(
        'When the money arrived on another day (the two banks booked it on different days; ' +
          'either may be first). Creating: default `date`; left out on an update, the stored ' +
          'one is kept.',
      ),
    note: z
      .string()
      .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters long.`)
      .nullish()
      .transform((value) => (value?.trim() ? value.trim() : null)),
  })
  .refine((input) => input.fromAccountId !== input.toAccountId, {
    path: ['toAccountId'],
    message: ACCOUNT_MESSAGES.sameAccount,
  });
export type TransferInput = z.input<typeof transferInputSchema>;
export type ValidTransferInput = z.output<typeof transferInputSchema>;

export const transferSchema = z
  .object({
    _id: z.string(),
    fromAccountId: z.string(),
    toAccountId: z.string(),
    amount: z.number().describe('Out of `fromAccountId`, in `currency`.'),
    toAmount: z
      .number()
      .describe(
        'Into `toAccountId`, in `toCurrency` (equal to `amount` between accounts of one currency).',
      ),
    currency: z.string().describe("`fromAccountId`'s currency."),
    toCurrency: z.string().describe("`toAccountId`'s currency."),
    date: dateText().describe('The day the money left `fromAccountId`.'),
    toDate: dateText().describe(
      'The day it arrived in `toAccountId` (equal to `date` unless two bank rows said otherwise).',
    ),
    note: z.string().nullable(),
    fromImportId: z.string().nullable().describe('The bank-file import the leg out came from.'),
    toImportId: z.string().nullable().describe('The import the leg in came from.'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Transfer' });
export type Transfer = z.infer<typeof transferSchema>;

/**
 * Existing transactions turned into one transfer (docs/transfers.md): an expense and an income
 * of the same amount in two different accounts, or one transaction and the other account.
 */
export const transferFromTransactionsSchema = z
  .object({
    transactionIds: z
      .array(idSchema('transactionIds'), {
        message: 'transactionIds must be a list of one or two transaction ids.',
      })
      .min(1, 'transactionIds must be a list of one or two transaction ids.')
      .max(2, 'transactionIds must be a list of one or two transaction ids.'),
    accountId: idSchema('accountId')
      .optional()
      .describe('With one transaction id only: the other account.'),
  })
  .refine((input) => (input.transactionIds.length === 1) === (input.accountId !== undefined), {
    path: ['accountId'],
    message: 'Send two transaction ids, or one transaction id and the other accountId.',
  })
  .refine(
    (input) =>
      input.transactionIds.length < 2 || input.transactionIds[0] !== input.transactionIds[1],
    { path: ['transactionIds'], message: 'The two transaction ids must differ.' },
  );
export type TransferFromTransactionsInput = z.input<typeof transferFromTransactionsSchema>;

export const transferListQuerySchema = z.object({
  accountId: emptyAsMissing(idSchema('accountId').optional()),
  ...pageQueryShape,
});

export const transferPageSchema = z.object({
  transfers: z.array(transferSchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type TransferPage = z.infer<typeof transferPageSchema>;

/**
 * One line of an account's register: a transaction, or a transfer in or out (docs/architecture.md,
 * Accounts).
 */
export const registerEntrySchema = z.object({
  kind: z.enum(['transaction', 'transfer']),
  _id: z.string(),
  date: dateText(),
  name: z.string().describe("The transaction's name; for a transfer, the other account's name."),
  category: z.string().nullable().describe("The transaction's category; null for a transfer."),
  amount: z
    .number()
    .describe('Signed, in `currency`: money into the account is positive, money out negative.'),
  currency: z
    .string()
    .describe(
      "The account's; a transaction in another currency is converted at its day's rate, and " +
        'keeps its own amount and currency only when no rate is known.',
    ),
  note: z.string().nullable(),
  otherAccountId: z.string().nullable().describe('For a transfer, the other account.'),
  isPending: z
    .boolean()
    .optional()
    .describe(
      'True for a transaction the bank has authorised but not yet booked: it moves no balance ' +
        'and counts in no total until its booked version replaces it.',
    ),
  balance: z
    .number()
    .describe("The account's balance right after this entry (a running balance), in its currency."),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerPageSchema = z.object({
  entries: z.array(registerEntrySchema),
  totalPages: z.number(),
  currentPage: z.number(),
  total: z.number(),
});
export type RegisterPage = z.infer<typeof registerPageSchema>;

export const registerQuerySchema = z.object(pageQueryShape);
