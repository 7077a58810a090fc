import type { BankConnection } from '@moneta/shared/bank-connection-schemas';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '@/testing/accounts';
import { fakeApi, makeUser } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { MAIN_ACCOUNT_ID } from '@/testing/transactions';

const main = makeAccount({ _id: MAIN_ACCOUNT_ID, balance: 10 });

function connectionTo(accountId: string | null): BankConnection {
  return {
    _id: 'c0ffee00-0000-7000-8000-000000000002',
    provider: 'enablebanking',
    name: 'Testbank',
    status: 'ok',
    lastSyncAt: null,
    nextSyncAt: null,
    lastError: null,
    validUntil: null,
    renewSoon: false,
    accounts: [
      {
        providerAccountId: 'hash-1',
        name: 'Girokonto',
        currency: 'USD',
        type: 'CACC',
        balance: null,
        balanceDate: null,
        accountId,
        isIgnored: false,
        balanceDifference: null,
        moneta: null,
      },
    ],
  };
}

function openRegister(connections: BankConnection[]) {
  window.localStorage.setItem('token', 'jwt-token');
  fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/accounts': { body: [main] },
    'GET /api/bank-connections': { body: connections },
    [`GET /api/accounts/${MAIN_ACCOUNT_ID}/register`]: {
      body: { entries: [], totalPages: 1, currentPage: 1, total: 0 },
    },
  });
  renderApp(`/accounts/${MAIN_ACCOUNT_ID}`);
}

describe("an account's register", () => {
  it('says which bank connection its rows come from, with a link to it', async () => {
    openRegister([connectionTo(MAIN_ACCOUNT_ID)]);
    const note = await screen.findByText(/Synced from your bank: Testbank/);
    expect(note.querySelector('a')).toHaveAttribute('href', '/settings/bank-connections');
  });

  it('says nothing when no connection feeds the account', async () => {
    openRegister([connectionTo(null)]);
    await screen.findByRole('heading', { level: 1, name: main.name });
    expect(screen.queryByText(/Synced from your bank/)).not.toBeInTheDocument();
  });
});
