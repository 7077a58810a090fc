// SimpleFIN through HTTP on real PostgreSQL, against a SimpleFIN server written from the
// protocol: a token becomes a connection with accounts; mapped accounts get their booked rows
// as imports through the pipeline (duplicates, transfers, a file's row), once; pending rows
// are shown and counted nowhere until their booked version replaces them; balances agree or
// the difference is named; 402 and 403 mark the connection with the next step.
import type { Account, BankConnection, ImportSummary, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/http/types';
import { signUp, type SignedUpUser, type TestContext } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import { uploadImport } from '../../support/import-files';
import { refuseTransactionsNamed } from '../../support/refuse-inserts';
import {
  startSimplefinServer,
  type SimplefinRawAccount,
  type SimplefinServer,
} from '../../support/simplefin-server';

let context: TestContext;
let bridge: SimplefinServer;
const { call, ok, sync, map } = bankCalls(() => context.app);

const org = { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' };

function bankAccounts(): SimplefinRawAccount[] {
  return [
    {
      org,
      id: 'ACT-checking',
      name: 'Everyday Checking',
      currency: 'USD',
      // −45 + 2500 − 500: what Moneta counts once the booked rows are in.
      balance: '1955.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [
        { id: 'c1', posted: daysAgo(10).epoch, amount: '-45.00', description: 'Coffee Roasters' },
        { id: 'c2', posted: daysAgo(8).epoch, amount: '2500.00', description: 'Salary' },
        { id: 'c3', posted: daysAgo(5).epoch, amount: '-500.00', description: 'To savings' },
        {
          id: 'c4',
          posted: 0,
          pending: true,
          transacted_at: daysAgo(1).epoch,
          amount: '-12.34',
          description: 'Corner Cafe',
        },
      ],
    },
    {
      org,
      id: 'ACT-savings',
      name: 'Savings',
      currency: 'USD',
      // 100.00 more than Moneta will count: the difference is named.
      balance: '600.00',
      'balance-date': daysAgo(1).epoch,
      transactions: [
        { id: 's1', posted: daysAgo(5).epoch, amount: '500.00', description: 'From checking' },
      ],
    },
  ];
}

beforeAll(async () => {
  bridge = await startSimplefinServer(bankAccounts());
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

async function connect(user: SignedUpUser): Promise<BankConnection> {
  const response = await call(user, 'POST', '/api/bank-connections', {
    provider: 'simplefin',
    setupToken: bridge.newSetupToken(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BankConnection>();
}

const transactionsOf = (app: App, user: SignedUpUser, accountId: string) =>
  app
    .inject({
      method: 'GET',
      url: `/api/transactions?accountId=${accountId}&limit=100`,
      headers: user.headers,
    })
    .then((response) => response.json<{ transactions: Transaction[] }>().transactions);

describe('SimpleFIN connections: setup and sync', () => {
  it('turn a setup token into a connection whose accounts wait to be mapped', async () => {
    const user = await signUp(context.app, { setup: true });
    const connection = await connect(user);
    expect(connection).toMatchObject({
      provider: 'simplefin',
      name: 'My Bank',
      status: 'ok',
      lastError: null,
      validUntil: null,
    });
    expect(connection.accounts).toEqual([
      expect.objectContaining({
        providerAccountId: 'ACT-checking',
        name: 'Everyday Checking',
        currency: 'USD',
        balance: 1955,
        balanceDate: daysAgo(1).day,
        accountId: null,
        isIgnored: false,
      }),
      expect.objectContaining({ providerAccountId: 'ACT-savings', accountId: null }),
    ]);
    // One request for the balances, none for transactions yet.
    expect(bridge.accountsRequests.at(-1)!.query.get('balances-only')).toBe('1');
  });

  it('sync mapped accounts once: file rows are duplicates, the transfer is one, pending waits', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    // The coffee was imported from a file before the bank was connected.
    const csv = `Date,Description,Amount\n${daysAgo(10).day},Coffee Roasters,-45.00\n`;
    const upload = await uploadImport(context.app, user, 'bank.csv', Buffer.from(csv), {
      accountId: main!._id,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await ok(user, 'POST', `/api/imports/${upload.json<{ _id: string }>()._id}/commit`, {});

    const connection = await connect(user);
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });
    const mapped = await map(user, connection._id, 'ACT-savings', {
      create: { name: 'Bank savings' },
    });
    const savingsId = mapped.accounts[1]!.accountId!;
    const synced = await sync(user, connection._id);
    expect(synced).toMatchObject({ status: 'ok', lastError: null });
    expect(synced.lastSyncAt).not.toBeNull();

    const checkingRows = await transactionsOf(context.app, user, main!._id);
    expect(
      checkingRows.map((row) => [row.name, row.cost, row.isIncome, row.isPending ?? false]).sort(),
    ).toEqual([
      ['Coffee Roasters', 45, false, false],
      ['Corner Cafe', 12.34, false, true],
      ['Salary', 2500, true, false],
    ]);
    expect(await transactionsOf(context.app, user, savingsId)).toEqual([]);
    const transfers = await ok<{ total: number; transfers: { amount: number }[] }>(
      user,
      'GET',
      '/api/transfers',
    );
    expect(transfers.total).toBe(1);
    expect(transfers.transfers[0]).toMatchObject({
      fromAccountId: main!._id,
      toAccountId: savingsId,
      amount: 500,
    });

    // Balances: checking agrees; savings is 100.00 short of the bank's.
    expect(synced.accounts).toEqual([
      expect.objectContaining({ providerAccountId: 'ACT-checking', balanceDifference: null }),
      expect.objectContaining({
        providerAccountId: 'ACT-savings',
        balance: 600,
        moneta: 500,
        balanceDifference: 100,
      }),
    ]);

    // The adjustment makes Moneta count what the bank says.
    const adjusted = await ok<BankConnection>(
      user,
      'POST',
      `/api/bank-connections/${connection._id}/accounts/ACT-savings/adjustment`,
    );
    expect(adjusted.accounts[1]).toMatchObject({ moneta: 600, balanceDifference: null });
    const [adjustment] = await transactionsOf(context.app, user, savingsId);
    expect(adjustment).toMatchObject({ name: 'Balance adjustment', cost: 100, isIncome: true });
    const again409 = await call(
      user,
      'POST',
      `/api/bank-connections/${connection._id}/accounts/ACT-savings/adjustment`,
    );
    expect(again409.statusCode).toBe(409);

    // The history shows each account's sync as an import of the connection.
    const history = await ok<ImportSummary[]>(user, 'GET', '/api/imports');
    const bankImports = history.filter((item) => item.format === 'simplefin');
    expect(bankImports.length).toBe(2);
    expect(bankImports.every((item) => item.status === 'committed')).toBe(true);

    // A second sync creates nothing new and leaves no empty import behind.
    await sync(user, connection._id);
    expect(await transactionsOf(context.app, user, main!._id)).toHaveLength(3);
    const again = await ok<ImportSummary[]>(user, 'GET', '/api/imports');
    expect(again.filter((item) => item.format === 'simplefin')).toHaveLength(2);

    // The pending coffee is booked at the bank: the next sync books it, once.
    const checking = bridge.accounts[0]!;
    const pending = checking.transactions!.find((row) => row.id === 'c4')!;
    pending.pending = false;
    pending.posted = daysAgo(1).epoch;
    await sync(user, connection._id);
    await sync(user, connection._id);
    const afterBooking = await transactionsOf(context.app, user, main!._id);
    const cafe = afterBooking.filter((row) => row.name === 'Corner Cafe');
    expect(cafe).toHaveLength(1);
    expect(cafe[0]!.isPending).toBeUndefined();
    pending.pending = true;
    pending.posted = 0;
  });

  it('an undone sync import gives its rows back to the next sync', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    const connection = await connect(user);
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });
    await map(user, connection._id, 'ACT-savings', { accountId: null });
    await sync(user, connection._id);
    const [latest] = (await ok<ImportSummary[]>(user, 'GET', '/api/imports')).filter(
      (item) => item.format === 'simplefin',
    );
    await ok(user, 'DELETE', `/api/imports/${latest!._id}`);
    expect(await transactionsOf(context.app, user, main!._id)).toEqual([]);
    await sync(user, connection._id);
    // Coffee, salary, the money to the savings (not mapped) and the pending cafe.
    expect(await transactionsOf(context.app, user, main!._id)).toHaveLength(4);
  });
});

describe('SimpleFIN connections: rules, whole accounts and bank errors', () => {
  it('name and categorise synced rows by the rules, and never repeat a recurring occurrence', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    await ok(user, 'POST', '/api/rules', {
      field: 'name',
      operator: 'contains',
      value: 'coffee',
      category: 'Food',
      rename: 'Coffee',
    });
    // The salary's rule recorded its occurrence eight days ago before the bank was connected.
    await ok(user, 'POST', '/api/recurring/create', {
      name: 'Salary',
      category: 'Salary',
      amount: 2500,
      isIncome: true,
      frequency: 'monthly',
      startDate: daysAgo(8).day,
    });
    const connection = await connect(user);
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });
    await map(user, connection._id, 'ACT-savings', { accountId: null });
    await sync(user, connection._id);
    const rows = await transactionsOf(context.app, user, main!._id);
    expect(rows.map((row) => [row.name, row.category, row.recurringId !== null]).sort()).toEqual([
      ['Coffee', 'Food', false],
      ['Corner Cafe', 'Miscellaneous', false],
      ['Salary', 'Salary', true],
      ['To savings', 'Miscellaneous', false],
    ]);
  });

  it('commit an account whole or not at all, and the next sync is unaffected', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    const connection = await connect(user);
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });
    await map(user, connection._id, 'ACT-savings', { accountId: null });
    const lift = await refuseTransactionsNamed(context.database.pool, 'Salary');
    let failed: BankConnection;
    try {
      failed = await sync(user, connection._id);
    } finally {
      await lift();
    }
    expect(failed).toMatchObject({ status: 'needs_attention', lastError: { code: 'SYNC_FAILED' } });
    // The coffee and the transfer out were in the same account's import: none of it stayed.
    expect(await transactionsOf(context.app, user, main!._id)).toEqual([]);
    const history = await ok<ImportSummary[]>(user, 'GET', '/api/imports');
    expect(history.filter((item) => item.format === 'simplefin')).toEqual([]);

    const next = await sync(user, connection._id);
    expect(next).toMatchObject({ status: 'ok', lastError: null });
    // With the pending cafe.
    expect(await transactionsOf(context.app, user, main!._id)).toHaveLength(4);
  });

  it('402 and 403 mark the connection with what to do next', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Account[]>(user, 'GET', '/api/accounts');
    const connection = await connect(user);
    await map(user, connection._id, 'ACT-checking', { accountId: main!._id });

    bridge.paymentDue = true;
    const unpaid = await sync(user, connection._id);
    bridge.paymentDue = false;
    expect(unpaid).toMatchObject({
      status: 'needs_attention',
      lastError: { code: 'PAYMENT_REQUIRED', nextStep: expect.stringContaining('Pay') },
    });

    const paid = await sync(user, connection._id);
    expect(paid).toMatchObject({ status: 'ok', lastError: null });

    // An answer that is not an Account Set: the connection says so, nothing is imported.
    bridge.rawAnswer = '{"accounts": "not a list"';
    const broken = await sync(user, connection._id);
    bridge.rawAnswer = undefined;
    expect(broken).toMatchObject({
      status: 'needs_attention',
      lastError: { code: 'PROVIDER_ANSWER_INVALID' },
    });
    // The bridge's own words reach the person.
    bridge.errors = ['Connection to My Bank may need attention'];
    const worded = await sync(user, connection._id);
    bridge.errors = [];
    expect(worded).toMatchObject({
      status: 'ok',
      lastError: { code: 'PROVIDER_ERRORS', message: 'Connection to My Bank may need attention' },
    });

    bridge.revokeAll();
    const revoked = await sync(user, connection._id);
    expect(revoked).toMatchObject({
      status: 'needs_attention',
      lastError: {
        code: 'ACCESS_REVOKED',
        nextStep: expect.stringContaining('new setup token'),
      },
    });
  });
});
