import type { Account } from '@moneta/shared/account-schemas';

/** The account every user starts with, as the fake API lists it. */
export const MAIN_ACCOUNT_ID = '0190a1b2-0000-7000-8000-00000000a001';

/**
 * An account in the user's base currency (USD, makeUser's) unless told otherwise, so that its
 * `baseBalance` is its balance, as the server answers it.
 */
export function makeAccount(overrides: Partial<Account> = {}): Account {
  const balance = overrides.balance ?? 0;
  return {
    _id: crypto.randomUUID(),
    name: 'Main',
    type: 'checking',
    openingBalance: 0,
    balance: 0,
    isArchived: false,
    identifiers: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    currency: 'USD',
    baseBalance: balance,
    rateDate: null,
    ...overrides,
  };
}

/** The account every fake user starts with, as the server makes it. */
export const mainAccount = (overrides: Partial<Account> = {}) =>
  makeAccount({ _id: MAIN_ACCOUNT_ID, ...overrides });
