import type { RegisterEntry } from '@moneta/shared/account-schemas';
import type { BankConnection } from '@moneta/shared/bank-connection-schemas';
import { screen, within } from '@testing-library/react';
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

function openRegister(connections: BankConnection[], entries: RegisterEntry[] = []) {
  window.localStorage.setItem('token', 'jwt-token');
  fakeApi({
    'GET /api/auth/me': { body: makeUser() },
    'GET /api/accounts': { body: [main] },
    'GET /api/bank-connections': { body: connections },
    [`GET /api/accounts/${MAIN_ACCOUNT_ID}/register`]: {
      body: { entries, totalPages: 1, currentPage: 1, total: entries.length },
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

  it('marks a pending row as pending, and only that row', async () => {
    const entry = (digit: number, name: string, isPending?: boolean): RegisterEntry => ({
      kind: 'transaction',
      _id: `c0ffee00-0000-7000-8000-00000000001${digit}`,
      date: '2026-12-05',
      name,
      category: 'Food',
      amount: -12.34,
      currency: 'USD',
      note: null,
      otherAccountId: null,
      ...(isPending && { isPending }),
      balance: 10,
    });
    openRegister(
      [connectionTo(MAIN_ACCOUNT_ID)],
      [entry(1, 'Corner Cafe', true), entry(2, 'Grocer')],
    );
    const pending = (await screen.findByText('Corner Cafe')).closest('tr')!;
    expect(within(pending).getByText('Pending')).toHaveAttribute(
      'class',
      expect.stringContaining('rounded-full'),
    );
    const booked = screen.getByText('Grocer').closest('tr')!;
    expect(within(booked).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('says nothing when no connection feeds the account', async () => {
    openRegister([connectionTo(null)]);
    await screen.findByRole('heading', { level: 1, name: main.name });
    expect(screen.queryByText(/Synced from your bank/)).not.toBeInTheDocument();
  });
});
