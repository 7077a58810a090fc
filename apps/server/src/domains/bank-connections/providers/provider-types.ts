/**
 * What both providers' clients hand to the rest of Moneta: accounts and transactions in one
 * shape, amounts in integer hundredths, dates as YYYY-MM-DD, and every row the client could
 * not read named as a problem instead of being dropped unseen.
 */
export type BankProviderName = 'simplefin' | 'enablebanking';

export interface ProviderAccount {
  providerAccountId: string;
  name: string;
  currency: string;
  /** The bank's own kind of account when it says one (Enable Banking's CACC, CARD, SVGS…). */
  type: string | null;
  /** Integer hundredths; null when the provider sent none. */
  balance: number | null;
  /** The day the balance holds for (YYYY-MM-DD); null when the provider sent none. */
  balanceDate: string | null;
  /** The bank's name for the institution, when known. */
  institution: string | null;
}

export interface ProviderTransaction {
  providerAccountId: string;
  /** The provider's id of the transaction: unique within its account, not across accounts. */
  providerTransactionId: string;
  /** The day the bank booked it (YYYY-MM-DD); for a pending row, the best day known. */
  date: string;
  /** Integer hundredths: negative is money out of the account. */
  amount: number;
  currency: string;
  payee: string | null;
  description: string;
  isPending: boolean;
}

/** A row or field the client refused, with where it was, so a person can be told. */
export interface ProviderProblem {
  code: ProviderProblemCode;
  providerAccountId: string | null;
  providerTransactionId: string | null;
  message: string;
}

export type ProviderProblemCode =
  | 'TRANSACTION_WITHOUT_ID'
  | 'TRANSACTION_ID_REPEATED'
  | 'AMOUNT_UNREADABLE'
  | 'DATE_UNREADABLE'
  | 'BALANCE_DATE_IN_FUTURE'
  | 'ACCOUNT_UNREADABLE'
  | 'TRANSACTION_UNREADABLE';

export type BankProviderErrorCode =
  /** The setup token is not the Base64 of an https URL. */
  | 'SETUP_TOKEN_INVALID'
  /** The claim answered 403: the token was used already or never existed. */
  | 'SETUP_TOKEN_USED'
  /** SimpleFIN 402: the bridge wants a payment. */
  | 'PAYMENT_REQUIRED'
  /** SimpleFIN 403 on the access URL: the person revoked it (or it is wrong). */
  | 'ACCESS_REVOKED'
  /** Enable Banking refused the application's JWT (401/403 on a call without a session). */
  | 'APPLICATION_REFUSED'
  /** Enable Banking: the consent behind the session ended or was revoked. */
  | 'SESSION_EXPIRED'
  /** The private key is not an RSA private key in PEM. */
  | 'PRIVATE_KEY_INVALID'
  /** A URL points to a private or loopback address and those are not allowed. */
  | 'PRIVATE_ADDRESS_REFUSED'
  /** A URL is not an http(s) URL, or http where https is needed. */
  | 'URL_INVALID'
  /** The day's budget of requests to the provider is spent. */
  | 'REQUEST_BUDGET_SPENT'
  /** The provider could not be reached, timed out, or answered 5xx. */
  | 'PROVIDER_UNREACHABLE'
  /** The provider answered something that is not what its protocol says. */
  | 'PROVIDER_ANSWER_INVALID'
  /** Any other refusal by the provider, with its status. */
  | 'PROVIDER_REFUSED';

/**
 * A failure talking to a provider. The message is written for a person and never holds a
 * secret (an access URL, a key, a JWT); `providerMessages` keeps the provider's own words.
 */
export class BankProviderError extends Error {
  override name = 'BankProviderError';

  constructor(
    readonly code: BankProviderErrorCode,
    message: string,
    readonly details: { status?: number; providerMessages?: string[] } = {},
  ) {
    super(message);
  }
}
