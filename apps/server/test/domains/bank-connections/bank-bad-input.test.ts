// What a provider sends that breaks its protocol, through HTTP: each bad row or account is left
// out and named in the connection's message; the good rows still come in.
import type { BankConnection, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import { startSimplefinServer, type SimplefinServer } from '../../support/simplefin-server';

let context: Awaited<ReturnType<typeof createBankTestApp>>;
let bridge: SimplefinServer;
const { ok, sync, map } = bankCalls(() => context.app);
const org = { domain: 'bank.example', 'sfin-url': 'https://sfin.bank.example' };

beforeAll(async () => {
  bridge = await startSimplefinServer([
    {
      org,
      id: 'A1',
      name: 'Checking',
      currency: 'USD',
      balance: '5.000000',
      'balance-date': daysAgo(1).epoch,
      'not-in-the-protocol': { any: 'thing' },
      transactions: [
        { posted: daysAgo(3).epoch, amount: '-1.00', description: 'Without an id' },
        { id: 'same', posted: daysAgo(3).epoch, amount: '5.000000', description: 'Refund' },
        { id: 'odd', posted: daysAgo(2).epoch, amount: '1.005', description: 'Half a cent' },
      ],
    },
    {
      org,
      id: 'A2',
      name: 'Card',
      currency: 'USD',
      balance: '-2.50',
      // In the future: the balance is not compared.
      'balance-date': Math.floor(Date.now() / 1000) + 5 * 86_400,
      transactions: [
        { id: 'same', posted: daysAgo(2).epoch, amount: '-2.50', description: 'Parking' },
      ],
    },
    { org, id: 'A3', name: 'No currency', balance: '1.00', 'balance-date': daysAgo(1).epoch },
  ]);
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

describe('a provider that breaks its protocol', () => {
  it('has its bad rows left out and named, and its good rows synced', async () => {
    const user = await signUp(context.app, { setup: true });
    const connection = await ok<BankConnection>(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    // Accounts are listed by name; the one without a currency is left out.
    expect(connection.accounts.map((account) => account.providerAccountId)).toEqual(['A2', 'A1']);
    await map(user, connection._id, 'A1', { create: { name: 'Checking' } });
    const mapped = await map(user, connection._id, 'A2', { create: { name: 'Card' } });
    const synced = await sync(user, connection._id);
    expect(synced.status).toBe('ok');
    expect(synced.lastError?.code).toBe('PROVIDER_ERRORS');
    expect(synced.lastError?.message).toMatch(/dated in the future/);
    const [card, checking] = synced.accounts;
    expect(checking).toMatchObject({ balance: 5, balanceDifference: null });
    expect(card).toMatchObject({ balance: null, balanceDifference: null });

    const rowsOf = async (accountId: string) =>
      (
        await ok<{ transactions: Transaction[] }>(
          user,
          'GET',
          `/api/transactions?accountId=${accountId}`,
        )
      ).transactions.map((row) => [row.name, row.cost, row.isIncome]);
    // The same id in two accounts is two transactions; one without an id and half a cent are not.
    expect(await rowsOf(mapped.accounts[1]!.accountId!)).toEqual([['Refund', 5, true]]);
    expect(await rowsOf(mapped.accounts[0]!.accountId!)).toEqual([['Parking', 2.5, false]]);
  });
});
