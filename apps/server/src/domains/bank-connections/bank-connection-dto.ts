import type { BankConnection } from '@moneta/shared';
import { fromStoredHundredths } from '@moneta/shared';
import type { BankConnectionAccountRow, BankConnectionRow } from '../../db/schema';
import { nextStepOf } from './bank-errors';

/** How long before an Enable Banking consent ends the person is offered to renew it. */
export const RENEW_BEFORE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const money = (cents: number | null) => (cents === null ? null : fromStoredHundredths(cents));

/** A connection as the API answers it: never its secret, its session or its request times. */
export function toBankConnectionDto(
  row: BankConnectionRow,
  accounts: BankConnectionAccountRow[],
  now: Date,
): BankConnection {
  const renewSoon =
    row.validUntil !== null &&
    row.validUntil.getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY_MS;
  return {
    _id: row.id,
    provider: row.provider,
    name: row.name,
    status: row.status,
    lastSyncAt: row.lastSyncedAt?.toISOString() ?? null,
    nextSyncAt: row.nextSyncAt?.toISOString() ?? null,
    lastError: row.lastErrorCode
      ? {
          code: row.lastErrorCode,
          message: row.lastErrorMessage ?? '',
          nextStep: nextStepOf(row.lastErrorCode),
        }
      : null,
    validUntil: row.validUntil?.toISOString() ?? null,
    renewSoon,
    accounts: accounts.map((account) => ({
      providerAccountId: account.providerAccountId,
      name: account.name,
      currency: account.currency,
      type: account.type,
      balance: money(account.balance),
      balanceDate: account.balanceDate,
      accountId: account.accountId,
      isIgnored: account.isIgnored,
      balanceDifference: money(account.balanceDifference),
      moneta:
        account.balance === null || account.accountId === null
          ? null
          : money(account.balance - (account.balanceDifference ?? 0)),
    })),
  };
}
