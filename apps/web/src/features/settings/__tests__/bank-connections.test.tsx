import type { BankConnection } from '@moneta/shared/bank-connection-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '@/testing/accounts';
import { openSettings, section } from './settings-fixtures';

const main = makeAccount({ name: 'Main', currency: 'USD' });

function makeConnection(overrides: Partial<BankConnection> = {}): BankConnection {
  return {
    _id: 'c0ffee00-0000-7000-8000-000000000001',
    provider: 'simplefin',
    name: 'My Bank',
    status: 'ok',
    lastSyncAt: null,
    nextSyncAt: null,
    lastError: null,
    validUntil: null,
    renewSoon: false,
    accounts: [
      {
        providerAccountId: 'ACT-1',
        name: 'Everyday Checking',
        currency: 'USD',
        type: null,
        balance: 600,
        balanceDate: '2026-03-09',
        accountId: main._id,
        isIgnored: false,
        balanceDifference: 100,
        moneta: 500,
      },
    ],
    ...overrides,
  };
}

describe('bank connections', () => {
  it('shows each connection with its next step and the balance it disagrees on', async () => {
    await openSettings({
      'GET /api/accounts': { body: [main] },
      'GET /api/bank-connections': {
        body: [
          makeConnection({
            status: 'needs_attention',
            lastError: {
              code: 'PAYMENT_REQUIRED',
              message: 'The SimpleFIN Bridge asks for a payment.',
              nextStep: 'Pay at the SimpleFIN Bridge, then choose Sync now.',
            },
          }),
        ],
      },
    });
    const card = section('Bank connections');
    const list = await within(card).findByRole('list', { name: 'Bank connections' });
    expect(list).toHaveTextContent('My Bank');
    expect(list).toHaveTextContent('Needs attention');
    expect(list).toHaveTextContent('Pay at the SimpleFIN Bridge, then choose Sync now.');
    expect(list).toHaveTextContent('Your bank says $600.00, Moneta counts $500.00.');
    // The account's name once the accounts are read.
    await waitFor(() =>
      expect(within(list).getByLabelText('Transactions go to')).toHaveValue(main._id),
    );
  });

  it('maps an account, syncs now and connects a SimpleFIN token', async () => {
    const { calls, user } = await openSettings({
      'GET /api/accounts': { body: [main] },
      'GET /api/bank-connections': { body: [makeConnection()] },
      'PUT /api/bank-connections/c0ffee00-0000-7000-8000-000000000001/accounts/ACT-1': {
        body: makeConnection(),
      },
      'POST /api/bank-connections/c0ffee00-0000-7000-8000-000000000001/sync': {
        status: 202,
        body: makeConnection({ status: 'syncing' }),
      },
      'POST /api/bank-connections': { status: 201, body: makeConnection() },
    });
    const card = section('Bank connections');
    const select = await within(card).findByLabelText('Transactions go to');
    await user.selectOptions(select, 'Ignore this account');
    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    await user.type(within(card).getByLabelText('Setup token'), 'aHR0cHM6Ly9icmlkZ2U=');
    await user.click(within(card).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/Bank connected/)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method !== 'GET').map((call) => call.body)).toEqual([
        { accountId: null },
        undefined,
        { provider: 'simplefin', setupToken: 'aHR0cHM6Ly9icmlkZ2U=' },
      ]),
    );
  });
});
