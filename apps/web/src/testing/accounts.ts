import type { Account } from '@moneta/shared/account-schemas';

/** The account every user starts with, as the fake API lists it. */
export const MAIN_ACCOUNT_ID = '0190a1b2-0000-7000-8000-00000000a001';

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    _id: crypto.randomUUID(),
    name: 'Main',
    type: 'checking',
    openingBalance: 0,
    balance: 0,
    isArchived: false,
    identifiers: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The account every fake user starts with, as the server makes it. */
export const mainAccount = (overrides: Partial<Account> = {}) =>
  makeAccount({ _id: MAIN_ACCOUNT_ID, ...overrides });
