import { z } from './zod';
import { ACCOUNT_MESSAGES, ACCOUNT_TYPES, MAX_ACCOUNT_NAME_LENGTH } from './account-schemas';

/** Where a household's bank data comes from (docs/bank-sync.md). */
export const BANK_PROVIDERS = ['simplefin', 'enablebanking'] as const;
export type BankProvider = (typeof BANK_PROVIDERS)[number];

export const BANK_CONNECTION_STATUSES = [
  'ok',
  'pending',
  'syncing',
  'needs_attention',
  'expired',
] as const;
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number];

export const BANK_MESSAGES = {
  providerInvalid: 'provider must be simplefin or enablebanking.',
  setupTokenRequired: 'Please paste the SimpleFIN setup token.',
  bankRequired: 'Please choose a bank (its name and country).',
  countryInvalid: 'A country is two capital letters, such as DE.',
  applicationIdRequired: 'Please enter the Enable Banking application id.',
  privateKeyRequired: "Please paste the application's private key (PEM).",
  mappingInvalid:
    'Send { accountId } (an account or null to ignore) or { create: { name, type } }.',
} as const;

const countrySchema = z
  .string({ message: BANK_MESSAGES.countryInvalid })
  .regex(/^[A-Z]{2}$/, BANK_MESSAGES.countryInvalid);

const bankSchema = z.object(
  {
    name: z.string({ message: BANK_MESSAGES.bankRequired }).trim().min(1).max(200),
    country: countrySchema,
  },
  { message: BANK_MESSAGES.bankRequired },
);

export const bankConnectionInputSchema = z.discriminatedUnion(
  'provider',
  [
    z.object({
      provider: z.literal('simplefin'),
      setupToken: z
        .string({ message: BANK_MESSAGES.setupTokenRequired })
        .trim()
        .min(1, BANK_MESSAGES.setupTokenRequired)
        .max(2000),
    }),
    z.object({ provider: z.literal('enablebanking'), bank: bankSchema }),
  ],
  { message: BANK_MESSAGES.providerInvalid },
);
export type BankConnectionInput = z.input<typeof bankConnectionInputSchema>;

export const enableBankingAppInputSchema = z.object({
  applicationId: z
    .string({ message: BANK_MESSAGES.applicationIdRequired })
    .trim()
    .min(1, BANK_MESSAGES.applicationIdRequired)
    .max(200),
  privateKey: z
    .string({ message: BANK_MESSAGES.privateKeyRequired })
    .min(1, BANK_MESSAGES.privateKeyRequired)
    .max(20_000),
});

export const enableBankingAppSchema = z.object({
  applicationId: z.string(),
  active: z.boolean(),
  countries: z.array(z.string()),
});

export const enableBankingBanksQuerySchema = z.object({ country: countrySchema });
export const enableBankingBankSchema = z.object({
  name: z.string(),
  country: z.string(),
  maxConsentDays: z.number(),
});

export const enableBankingCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** `PUT /bank-connections/:id/accounts/:providerAccountId`: where a bank account's rows go. */
export const bankAccountMappingSchema = z.union(
  [
    z.object({ accountId: z.string().max(100).nullable() }).strict(),
    z
      .object({
        create: z.object({
          name: z
            .string({ message: ACCOUNT_MESSAGES.nameRequired })
            .trim()
            .min(1, ACCOUNT_MESSAGES.nameRequired)
            .max(MAX_ACCOUNT_NAME_LENGTH, ACCOUNT_MESSAGES.nameTooLong),
          type: z
            .enum(ACCOUNT_TYPES, { message: ACCOUNT_MESSAGES.typeInvalid })
            .optional()
            .describe("Default from the bank's: CARD → credit, SVGS → savings, else checking."),
        }),
      })
      .strict(),
  ],
  { message: BANK_MESSAGES.mappingInvalid },
);
export type BankAccountMapping = z.input<typeof bankAccountMappingSchema>;

export const bankConnectionAccountSchema = z.object({
  providerAccountId: z.string(),
  name: z.string(),
  currency: z.string(),
  type: z.string().nullable(),
  balance: z.number().nullable().describe("The bank's balance, a decimal number."),
  balanceDate: z.string().nullable(),
  accountId: z.string().nullable().describe('The Moneta account its rows go to; null: not mapped.'),
  isIgnored: z.boolean(),
  balanceDifference: z
    .number()
    .nullable()
    .describe("The bank's balance minus Moneta's on balanceDate; null when they agree."),
  moneta: z.number().nullable().describe("Moneta's balance of the mapped account on balanceDate."),
});

export const bankConnectionSchema = z
  .object({
    _id: z.string(),
    provider: z.enum(BANK_PROVIDERS),
    name: z.string(),
    status: z.enum(BANK_CONNECTION_STATUSES),
    lastSyncAt: z.string().nullable(),
    nextSyncAt: z.string().nullable(),
    lastError: z
      .object({
        code: z.string(),
        message: z.string(),
        nextStep: z.string().describe('What the person can do about it.'),
      })
      .nullable(),
    validUntil: z.string().nullable(),
    renewSoon: z.boolean().describe('Enable Banking: the consent ends within 7 days.'),
    accounts: z.array(bankConnectionAccountSchema),
  })
  .meta({ id: 'BankConnection' });
export type BankConnection = z.infer<typeof bankConnectionSchema>;

export const enableBankingStartSchema = z.object({
  connection: bankConnectionSchema,
  authorisationUrl: z.string(),
});

export const bankSyncStartedSchema = z.object({
  message: z.string(),
  connection: bankConnectionSchema,
});
