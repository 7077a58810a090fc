// Pending rows through HTTP against the SimpleFIN protocol server: a row the bank has authorised
// but not booked (pending, posted 0) is stored and shown as pending, moves no balance and counts
// in no kept total; its booked version replaces it, keeping the category, name and note a member
// gave it (or, untouched, coming in as the booked row); one the bank stops sending goes. Every
// kept total is compared with sums of the rows made here, independently of the triggers.
import type { Account, BankConnection, RegisterPage, Transaction, TrashPage } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser, type TestContext } from '../../test-app';
import { bankCalls, createBankTestApp, daysAgo } from '../../support/bank-app';
import {
  startSimplefinServer,
  type SimplefinRawAccount,
  type SimplefinServer,
} from '../../support/simplefin-server';

let context: TestContext;
let bridge: SimplefinServer;
const { call, ok, sync, map } = bankCalls(() => context.app);

const checking = (): SimplefinRawAccount => ({
  org: { domain: 'mybank.com', 'sfin-url': 'https://sfin.mybank.com', name: 'My Bank' },
  id: 'ACT-checking',
  name: 'Everyday Checking',
  currency: 'USD',
  // What is booked: 1000 − 30.
  balance: '970.00',
  'balance-date': daysAgo(1).epoch,
  transactions: [
    { id: 'b1', posted: daysAgo(6).epoch, amount: '1000.00', description: 'Salary' },
    { id: 'b2', posted: daysAgo(5).epoch, amount: '-30.00', description: 'Grocer' },
    {
      id: 'c9',
      posted: 0,
      pending: true,
      transacted_at: daysAgo(2).epoch,
      amount: '-12.34',
      description: 'Corner Cafe',
    },
    {
      id: 'c10',
      posted: 0,
      pending: true,
      transacted_at: daysAgo(1).epoch,
      amount: '-8.00',
      description: 'PENDING CARD AUTH',
    },
  ],
});

beforeAll(async () => {
  bridge = await startSimplefinServer([checking()]);
  context = await createBankTestApp();
});
afterAll(async () => {
  await context.close();
  await bridge.close();
});

const rowsOf = (user: SignedUpUser, accountId: string) =>
  ok<{ transactions: Transaction[] }>(
    user,
    'GET',
    `/api/transactions?accountId=${accountId}&limit=100`,
  ).then((answer) => answer.transactions);

/**
 * The kept totals of the user's household against sums of its booked rows read straight from
 * transactions (no trigger, no kept table): per category, per day and per account.
 */
async function expectTotalsOfBookedRows(accountId: string): Promise<void> {
  const query = async (text: string) =>
    (await context.database.pool.query<Record<string, string>>(text, [accountId])).rows;
  const booked = `FROM transactions t WHERE t.account_id = $1 AND NOT t.is_pending`;
  const household = `(SELECT household_id FROM accounts WHERE id = $1)`;
  expect(
    await query(`SELECT category, is_income, sum(sum_cents)::text AS cents FROM transaction_totals
      WHERE household_id = ${household} AND sum_cents <> 0 GROUP BY 1, 2 ORDER BY 1, 2`),
  ).toEqual(
    await query(`SELECT category, is_income, sum(cost_cents)::text AS cents ${booked}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  expect(
    await query(`SELECT added_on::text, sum(sum_cents)::text AS cents
      FROM transaction_daily_totals WHERE household_id = ${household} AND sum_cents <> 0
      GROUP BY 1 ORDER BY 1`),
  ).toEqual(
    await query(`SELECT added_on::text, sum(cost_cents)::text AS cents ${booked}
      GROUP BY 1 ORDER BY 1`),
  );
  expect(
    await query(`SELECT flow_cents::text AS cents FROM account_balances WHERE account_id = $1`),
  ).toEqual(
    await query(`SELECT coalesce(sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END),
      0)::text AS cents ${booked}`),
  );
}

describe('pending rows from a bank, shown then booked', () => {
  it('are shown as pending, counted nowhere, and replaced by their booked version', async () => {
    const user = await signUp(context.app, { setup: true });
    const made = await call(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const connection = made.json<BankConnection>();
    const mapped = await map(user, connection._id, 'ACT-checking', {
      create: { name: 'Checking' },
    });
    const accountId = mapped.accounts[0]!.accountId!;
    const first = await sync(user, connection._id);
    // The bank's balance leaves pending rows out, and so does Moneta's.
    expect(first.accounts[0]).toMatchObject({ moneta: 970, balanceDifference: null });

    const rows = await rowsOf(user, accountId);
    expect(rows.map((row) => [row.name, row.cost, row.isPending ?? false]).sort()).toEqual([
      ['Corner Cafe', 12.34, true],
      ['Grocer', 30, false],
      ['PENDING CARD AUTH', 8, true],
      ['Salary', 1000, false],
    ]);
    const accounts = await ok<Account[]>(user, 'GET', '/api/accounts');
    expect(accounts.find((account) => account._id === accountId)).toMatchObject({
      balance: 970,
    });
    const register = await ok<RegisterPage>(user, 'GET', `/api/accounts/${accountId}/register`);
    const cafeEntry = register.entries.find((entry) => entry.name === 'Corner Cafe')!;
    expect(cafeEntry.isPending).toBe(true);
    expect(register.entries[0]!.balance).toBe(970);
    expect(register.entries.filter((entry) => entry.isPending)).toHaveLength(2);
    await expectTotalsOfBookedRows(accountId);

    // A member names and files the pending cafe before the bank books it.
    const cafe = rows.find((row) => row.name === 'Corner Cafe')!;
    await ok(user, 'PUT', `/api/transactions/${cafe._id}`, {
      name: 'Cafe with Ann',
      category: 'Entertainment',
      cost: 12.34,
      addedOn: cafe.addedOn,
      isIncome: false,
      note: 'birthday',
    });
    await sync(user, connection._id);
    expect(await rowsOf(user, accountId)).toHaveLength(4);

    // The bank books both: the cafe with a tip added, the card authorisation under its text.
    const account = bridge.accounts[0]!;
    const [c9, c10] = ['c9', 'c10'].map((id) =>
      account.transactions!.find((row) => row.id === id)!,
    );
    Object.assign(c9!, { pending: false, posted: daysAgo(1).epoch, amount: '-14.34' });
    Object.assign(c10!, {
      pending: false,
      posted: daysAgo(1).epoch,
      description: 'CORNER BAKERY 22',
    });
    account.balance = '947.66';
    const booked = await sync(user, connection._id);
    expect(booked.accounts[0]).toMatchObject({ moneta: 947.66, balanceDifference: null });

    const after = await rowsOf(user, accountId);
    expect(after.map((row) => [row.name, row.cost, row.isPending ?? false]).sort()).toEqual([
      ['CORNER BAKERY 22', 8, false],
      ['Cafe with Ann', 14.34, false],
      ['Grocer', 30, false],
      ['Salary', 1000, false],
    ]);
    const bookedCafe = after.find((row) => row.name === 'Cafe with Ann')!;
    expect(bookedCafe).toMatchObject({
      _id: cafe._id,
      category: 'Entertainment',
      note: 'birthday',
      addedOn: daysAgo(1).day,
    });
    await expectTotalsOfBookedRows(accountId);

    // Synced again, nothing changes.
    await sync(user, connection._id);
    expect(await rowsOf(user, accountId)).toHaveLength(4);
    bridge.accounts[0] = checking();
  });
});

describe('pending rows from a bank, expired', () => {
  it('go once the bank stops sending them: when its window covers their day, or at 10 days old', async () => {
    const pending = (id: string, days: number, amount: string, description: string) => ({
      id,
      posted: 0,
      pending: true,
      transacted_at: daysAgo(days).epoch,
      amount,
      description,
    });
    const card: SimplefinRawAccount = {
      ...checking(),
      id: 'ACT-card',
      name: 'Travel Card',
      balance: '-40.00',
      transactions: [
        { id: 'k1', posted: daysAgo(30).epoch, amount: '-40.00', description: 'Luggage' },
        pending('h-hotel', 20, '-99.00', 'HOTEL HOLD'),
        pending('h-void', 3, '-5.00', 'VOIDED AUTH'),
        pending('h-named', 2, '-7.50', 'CAFE AUTH'),
        pending('h-still', 1, '-3.00', 'FUEL AUTH'),
      ],
    };
    bridge.accounts[0] = card;
    const user = await signUp(context.app, { setup: true });
    const connection = await ok<BankConnection>(user, 'POST', '/api/bank-connections', {
      provider: 'simplefin',
      setupToken: bridge.newSetupToken(),
    });
    const mapped = await map(user, connection._id, 'ACT-card', { create: { name: 'Card' } });
    const accountId = mapped.accounts[0]!.accountId!;
    await sync(user, connection._id);
    const named = (await rowsOf(user, accountId)).find((row) => row.name === 'CAFE AUTH')!;
    await ok(user, 'PUT', `/api/transactions/${named._id}`, {
      name: 'Cafe with Bo',
      category: 'Entertainment',
      cost: 7.5,
      addedOn: named.addedOn,
      isIncome: false,
      note: null,
    });
    const namesOf = async () =>
      (await rowsOf(user, accountId)).map((row) => [row.name, row.isPending ?? false]).sort();

    // An answer without the account tells nothing of its rows.
    bridge.accounts[0] = { ...card, id: 'ACT-other' };
    await sync(user, connection._id);
    expect(await namesOf()).toHaveLength(5);

    // The bank books a taxi today: the next window starts 14 days before it.
    const taxi = { id: 'k2', posted: daysAgo(0).epoch, amount: '-10.00', description: 'Taxi' };
    bridge.accounts[0] = { ...card, transactions: [...card.transactions!, taxi] };
    await sync(user, connection._id);
    expect(await namesOf()).toHaveLength(6);

    // Two holds are no longer sent though the window covers their day; the hotel's, 20 days
    // old, falls before the window, so its age decides; the fuel one is still sent.
    bridge.accounts[0] = {
      ...card,
      transactions: [
        card.transactions![0]!,
        taxi,
        pending('h-hotel', 20, '-99.00', 'HOTEL HOLD'),
        pending('h-still', 1, '-3.00', 'FUEL AUTH'),
      ],
    };
    await sync(user, connection._id);
    expect(await namesOf()).toEqual([
      ['FUEL AUTH', true],
      ['Luggage', false],
      ['Taxi', false],
    ]);
    // What a member wrote on a cancelled hold waits in the trash; an untouched one is gone.
    const trash = await ok<TrashPage>(user, 'GET', '/api/transactions/trash');
    expect(trash.transactions.map((row) => row.name)).toEqual(['Cafe with Bo']);
    await expectTotalsOfBookedRows(accountId);

    await sync(user, connection._id);
    expect(await namesOf()).toHaveLength(3);
    bridge.accounts[0] = checking();
  });
});
