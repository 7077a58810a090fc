import { ErrorCode } from '@moneta/shared';
import { AppError, notFound } from '../../http/app-error';
import { BankProviderError, type BankProviderErrorCode } from './providers/provider-types';
import { SecretBoxError } from './secrets/secret-box';

export const connectionNotFound = () =>
  notFound('Bank connection not found.', ErrorCode.BANK_CONNECTION_NOT_FOUND);

export const bankAccountNotFound = () =>
  notFound('This bank account is not part of the connection.', ErrorCode.BANK_ACCOUNT_NOT_FOUND);

/**
 * What a person can do about each failure a connection records (DESIGN's statuses): shown with
 * the provider's own words, so the next step never has to be guessed.
 */
const NEXT_STEPS: Partial<Record<string, string>> = {
  PAYMENT_REQUIRED: 'Pay at the SimpleFIN Bridge, then choose Sync now.',
  ACCESS_REVOKED: 'Make a new setup token at the SimpleFIN Bridge and connect again.',
  SESSION_EXPIRED: 'Renew the consent at your bank (Renew consent).',
  CONSENT_REFUSED: 'Renew the consent at your bank, or disconnect it.',
  APPLICATION_REFUSED: 'Check the Enable Banking application id and private key in Settings.',
  REQUEST_BUDGET_SPENT: 'Nothing to do: the next sync waits until requests are allowed again.',
  PROVIDER_UNREACHABLE: 'Nothing to do: the next sync tries again.',
  SECRET_OTHER_KEY: 'Set the SECRETS_KEY this connection was made with, or connect again.',
  SECRET_DAMAGED: 'Connect this bank again.',
  PROVIDER_ERRORS: "Read the bank's message; it often clears by itself at the next sync.",
};

export function nextStepOf(code: string): string {
  return NEXT_STEPS[code] ?? 'Try Sync now; if it fails again, connect this bank again.';
}

/** Statuses a provider's failure leaves the connection in. */
export function statusAfter(code: string): 'needs_attention' | 'expired' | 'ok' {
  if (code === 'SESSION_EXPIRED') return 'expired';
  if (code === 'REQUEST_BUDGET_SPENT' || code === 'PROVIDER_UNREACHABLE') return 'ok';
  return 'needs_attention';
}

const REQUEST_ERRORS: Partial<Record<BankProviderErrorCode, [number, ErrorCode]>> = {
  SETUP_TOKEN_INVALID: [400, ErrorCode.SETUP_TOKEN_INVALID],
  URL_INVALID: [400, ErrorCode.SETUP_TOKEN_INVALID],
  SETUP_TOKEN_USED: [409, ErrorCode.SETUP_TOKEN_USED],
  PRIVATE_ADDRESS_REFUSED: [400, ErrorCode.PRIVATE_ADDRESS_REFUSED],
  PRIVATE_KEY_INVALID: [400, ErrorCode.BANK_KEY_INVALID],
  APPLICATION_REFUSED: [400, ErrorCode.BANK_KEY_INVALID],
};

/**
 * A provider's failure during a request as the API answers it: the person's own mistakes
 * (token, key) as 4xx, the provider's failures as 502. Messages are the clients' (never a
 * secret); anything else is rethrown for the error handler.
 */
export function toAppError(error: unknown): unknown {
  if (error instanceof BankProviderError) {
    const [status, code] = REQUEST_ERRORS[error.code] ?? [502, ErrorCode.BANK_PROVIDER_FAILED];
    return new AppError(status, code, error.message);
  }
  if (error instanceof SecretBoxError) {
    return new AppError(409, ErrorCode.BANK_PROVIDER_FAILED, error.message);
  }
  return error;
}

/** Runs `work`, answering a provider's failure as toAppError says. */
export async function asRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}
