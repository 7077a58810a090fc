// Accounts and transfers (docs/architecture.md, Accounts) through HTTP on a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

interface Account {
  _id: string;
  name: string;
  type: string;
  openingBalance: number;
  balance: number;
  isArchived: boolean;
}

const accountsOf = (user: SignedUpUser) => ok<Account[]>(user, 'GET', '/api/accounts');
const balances = async (user: SignedUpUser) =>
  Object.fromEntries((await accountsOf(user)).map((account) => [account.name, account.balance]));

const expense = (cost: number, extra: object = {}) => ({
  name: 'Groceries',
  category: 'Food',
  cost,
  addedOn: '2026-03-05',
  isIncome: false,
  ...extra,
});

describe('accounts: balances and where transactions go', () => {
  it('gives every new user a Main checking account with a zero balance', async () => {
    const user = await signUp(context.app, { setup: true });
    expect(await accountsOf(user)).toEqual([
      expect.objectContaining({
        name: 'Main',
        type: 'checking',
        openingBalance: 0,
        balance: 0,
        isArchived: false,
      }),
    ]);
  });

  it('computes balance = opening + incomes − expenses + transfers in − transfers out', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const card = await given.account(context.app, user, {
      name: 'Visa',
      type: 'credit',
      openingBalance: -100.5,
    });
    expect(card).toMatchObject({ name: 'Visa', openingBalance: -100.5, balance: -100.5 });

    await given.transaction(context.app, user, expense(20.25));
    await given.transaction(context.app, user, {
      ...expense(3000),
      name: 'Salary',
      category: 'Salary',
      isIncome: true,
    });
    await given.transaction(context.app, user, expense(40, { accountId: card._id }));
    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main!._id,
      toAccountId: card._id,
      amount: 140.5,
      date: '2026-03-06',
    });
    expect(await balances(user)).toEqual({ Main: 3000 - 20.25 - 140.5, Visa: -100.5 - 40 + 140.5 });

    // Changing and deleting a transfer moves the balances back.
    await ok(user, 'PUT', `/api/transfers/${transfer._id}`, {
      fromAccountId: card._id,
      toAccountId: main!._id,
      amount: 10,
      date: '2026-03-06',
    });
    expect(await balances(user)).toEqual({ Main: 3000 - 20.25 + 10, Visa: -100.5 - 40 - 10 });
    await ok(user, 'DELETE', `/api/transfers/${transfer._id}`);
    expect(await balances(user)).toEqual({ Main: 3000 - 20.25, Visa: -100.5 - 40 });
  });

  it('keeps transfers out of totals, charts, budgets and the transactions list', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
    });
    await given.transaction(context.app, user, expense(10));
    await given.budget(context.app, user, { category: 'Food', amount: 100, month: 3, year: 2026 });
    const before = {
      summary: await ok(user, 'GET', '/api/transactions/summary'),
      charts: await ok(user, 'GET', '/api/transactions/charts?from=2026-03-01&to=2026-03-31'),
      budgets: await ok(user, 'GET', '/api/budgets'),
      list: await ok(user, 'GET', '/api/transactions'),
    };
    await given.transfer(context.app, user, {
      fromAccountId: main!._id,
      toAccountId: savings._id,
      amount: 500,
      date: '2026-03-05',
    });
    expect({
      summary: await ok(user, 'GET', '/api/transactions/summary'),
      charts: await ok(user, 'GET', '/api/transactions/charts?from=2026-03-01&to=2026-03-31'),
      budgets: await ok(user, 'GET', '/api/budgets'),
      list: await ok(user, 'GET', '/api/transactions'),
    }).toEqual(before);
    expect(await balances(user)).toEqual({ Main: -510, Savings: 500 });
  });

  it('puts a transaction without accountId in the oldest open account; an update keeps its account', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const cash = await given.account(context.app, user, { name: 'Cash', type: 'cash' });
    const first = await given.transaction(context.app, user, expense(1));
    expect(first.accountId).toBe(main!._id);

    // Main archived: the oldest open account is now Cash.
    await ok(user, 'PUT', `/api/accounts/${main!._id}`, {
      name: 'Main',
      type: 'checking',
      isArchived: true,
    });
    const second = await given.transaction(context.app, user, expense(2));
    expect(second.accountId).toBe(cash._id);
    // Archived accounts come last.
    expect((await accountsOf(user)).map((account) => account.name)).toEqual(['Cash', 'Main']);

    // The original client edits without accountId: the transaction stays in Main.
    const edited = await ok<{ accountId: string; cost: number }>(
      user,
      'PUT',
      `/api/transactions/${first._id}`,
      expense(5),
    );
    expect(edited).toMatchObject({ accountId: main!._id, cost: 5 });
    const moved = await ok<{ accountId: string }>(
      user,
      'PUT',
      `/api/transactions/${first._id}`,
      expense(5, { accountId: cash._id }),
    );
    expect(moved.accountId).toBe(cash._id);
    expect(await balances(user)).toEqual({ Cash: -7, Main: 0 });
  });
});

describe('accounts: filters and bad input', () => {
  it('filters the list and the export by account', async () => {
    const user = await signUp(context.app, { setup: true });
    const cash = await given.account(context.app, user, { name: 'Cash', type: 'cash' });
    for (let index = 0; index < 3; index++) {
      await given.transaction(context.app, user, expense(index + 1, { name: `Main ${index}` }));
    }
    for (let index = 0; index < 12; index++) {
      await given.transaction(
        context.app,
        user,
        expense(index + 1, { name: `Cash ${index}`, accountId: cash._id }),
      );
    }
    const page = await ok<{ transactions: Array<{ name: string }>; total: number }>(
      user,
      'GET',
      `/api/transactions?accountId=${cash._id}&limit=5`,
    );
    expect(page.total).toBe(12);
    expect(page.transactions.every((row) => row.name.startsWith('Cash'))).toBe(true);
    const searched = await ok<{ total: number }>(
      user,
      'GET',
      `/api/transactions?accountId=${cash._id}&search=cash 1`,
    );
    expect(searched.total).toBe(3); // Cash 1, Cash 10, Cash 11
    const csv = await call(user, 'GET', `/api/transactions/export?accountId=${cash._id}`);
    expect(csv.body.trim().split('\n')).toHaveLength(13);
    expect(csv.body).not.toContain('Main 0');
  });

  it('answers bad input with a clear 4xx and changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const tooLong = await call(user, 'POST', '/api/accounts', {
      name: 'x'.repeat(51),
      type: 'cash',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 50 characters/);
    expect(
      (await call(user, 'POST', '/api/accounts', { name: 'Wallet', type: 'bank' })).statusCode,
    ).toBe(400);
    expect(
      (await call(user, 'POST', '/api/accounts', { name: '  ', type: 'cash' })).statusCode,
    ).toBe(400);
    expect(
      (
        await call(user, 'POST', '/api/accounts', {
          name: 'W',
          type: 'cash',
          openingBalance: 1.234,
        })
      ).statusCode,
    ).toBe(400);
    const duplicate = await call(user, 'POST', '/api/accounts', { name: 'MAIN', type: 'cash' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'ACCOUNT_NAME_TAKEN' });

    const other = await given.account(context.app, user, { name: 'Other', type: 'cash' });
    const renamedOnto = await call(user, 'PUT', `/api/accounts/${other._id}`, {
      name: 'main',
      type: 'cash',
    });
    expect(renamedOnto.statusCode).toBe(409);

    const same = await call(user, 'POST', '/api/transfers', {
      fromAccountId: main!._id,
      toAccountId: main!._id,
      amount: 5,
      date: '2026-03-01',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Choose two different accounts to move money between.');
    for (const amount of [0, -5, 1.001, 'abc']) {
      const response = await call(user, 'POST', '/api/transfers', {
        fromAccountId: main!._id,
        toAccountId: other._id,
        amount,
        date: '2026-03-01',
      });
      expect(response.statusCode, String(amount)).toBe(400);
    }
    expect((await call(user, 'GET', '/api/transactions?accountId=not-an-id')).statusCode).toBe(404);
    expect(
      (await call(user, 'POST', '/api/transactions', expense(1, { accountId: 'not-an-id' })))
        .statusCode,
    ).toBe(404);
    expect(await balances(user)).toEqual({ Main: 0, Other: 0 });
    expect((await ok<{ total: number }>(user, 'GET', '/api/transfers')).total).toBe(0);
    // An empty or null accountId means "no account given": the default one.
    for (const accountId of ['', null]) {
      const created = await given.transaction(context.app, user, expense(1, { accountId }));
      expect(created.accountId).toBe(main!._id);
    }
  });
});

describe('accounts: decimal amounts and deletion', () => {
  it('takes amounts as decimal strings, and says how many decimals are allowed', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const card = await given.account(context.app, user, {
      name: 'Visa',
      type: 'credit',
      openingBalance: '-100.50',
    });
    expect(card).toMatchObject({ openingBalance: -100.5, balance: -100.5 });
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
      openingBalance: '.5',
    });
    expect(savings).toMatchObject({ openingBalance: 0.5 });
    for (const openingBalance of ['1,234.56', '2.345,67', '1.234', '- 3', '1e3']) {
      const response = await call(user, 'POST', '/api/accounts', {
        name: 'Bad',
        type: 'cash',
        openingBalance,
      });
      expect(response.statusCode, openingBalance).toBe(400);
      expect(response.json().message, openingBalance).toMatch(/at most two decimals/);
    }

    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main!._id,
      toAccountId: savings._id,
      amount: '12.50',
      date: '2026-03-01',
    });
    expect(transfer.amount).toBe(12.5);
    for (const [amount, message] of [
      ['12.505', 'Please enter an amount with at most 2 decimals.'],
      [1.001, 'Please enter an amount with at most 2 decimals.'],
      ['-3', 'Please enter a valid amount greater than 0.'],
      ['1,000', 'Please enter a valid amount greater than 0.'],
    ] as const) {
      const response = await call(user, 'POST', '/api/transfers', {
        fromAccountId: main!._id,
        toAccountId: savings._id,
        amount,
        date: '2026-03-01',
      });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().message, String(amount)).toBe(message);
    }
    expect(await balances(user)).toEqual({ Main: -12.5, Visa: -100.5, Savings: 13 });
  });

  it('deletes only an empty account that is not the last, with a sentence saying what to do', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const last = await call(user, 'DELETE', `/api/accounts/${main!._id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'LAST_ACCOUNT' });
    expect(last.json().message).toMatch(/Add another account first/);

    const cash = await given.account(context.app, user, { name: 'Cash', type: 'cash' });
    const transaction = await given.transaction(
      context.app,
      user,
      expense(3, { accountId: cash._id }),
    );
    const full = await call(user, 'DELETE', `/api/accounts/${cash._id}`);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'ACCOUNT_NOT_EMPTY' });
    await ok(user, 'DELETE', `/api/transactions/${transaction._id}`);

    const transfer = await given.transfer(context.app, user, {
      fromAccountId: main!._id,
      toAccountId: cash._id,
      amount: 1,
      date: '2026-03-01',
    });
    expect((await call(user, 'DELETE', `/api/accounts/${cash._id}`)).json()).toMatchObject({
      code: 'ACCOUNT_NOT_EMPTY',
    });
    await ok(user, 'DELETE', `/api/transfers/${transfer._id}`);

    expect((await call(user, 'DELETE', `/api/accounts/${cash._id}`)).statusCode).toBe(200);
    expect((await accountsOf(user)).map((account) => account.name)).toEqual(['Main']);
    expect((await call(user, 'DELETE', `/api/accounts/${cash._id}`)).statusCode).toBe(404);
  });
});

describe('accounts: transfers list and register', () => {
  it('lists transfers newest first, by account, a page at a time', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const a = await given.account(context.app, user, { name: 'A', type: 'savings' });
    const b = await given.account(context.app, user, { name: 'B', type: 'cash' });
    for (let day = 1; day <= 12; day++) {
      await given.transfer(context.app, user, {
        fromAccountId: main!._id,
        toAccountId: day % 2 ? a._id : b._id,
        amount: day,
        date: `2026-03-${String(day).padStart(2, '0')}`,
        note: day === 1 ? '  first  ' : undefined,
      });
    }
    const page = await ok<{
      transfers: Array<{ date: string; amount: number; note: string | null }>;
      total: number;
      totalPages: number;
      currentPage: number;
    }>(user, 'GET', `/api/transfers?accountId=${a._id}&limit=4&page=2`);
    expect(page).toMatchObject({ total: 6, totalPages: 2, currentPage: 2 });
    expect(page.transfers.map((transfer) => transfer.date)).toEqual(['2026-03-03', '2026-03-01']);
    expect(page.transfers[1]!.note).toBe('first');
    expect((await ok<{ total: number }>(user, 'GET', '/api/transfers')).total).toBe(12);
  });

  it("shows an account's register: its transactions and transfers, newest first, signed", async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await accountsOf(user);
    const card = await given.account(context.app, user, { name: 'Card', type: 'credit' });
    await given.transaction(context.app, user, expense(12, { addedOn: '2026-03-01' }));
    await given.transaction(context.app, user, {
      ...expense(1000, { addedOn: '2026-03-03', name: 'Pay', category: 'Salary' }),
      isIncome: true,
    });
    await given.transaction(context.app, user, expense(7, { accountId: card._id }));
    await given.transfer(context.app, user, {
      fromAccountId: main!._id,
      toAccountId: card._id,
      amount: 50,
      date: '2026-03-02',
      note: 'card bill',
    });
    const register = await ok<{
      entries: Array<{ kind: string; name: string; amount: number; otherAccountId: string | null }>;
      total: number;
      totalPages: number;
    }>(user, 'GET', `/api/accounts/${main!._id}/register?limit=2`);
    expect(register).toMatchObject({ total: 3, totalPages: 2 });
    expect(register.entries).toEqual([
      expect.objectContaining({ kind: 'transaction', name: 'Pay', amount: 1000 }),
      expect.objectContaining({
        kind: 'transfer',
        name: 'Card',
        amount: -50,
        otherAccountId: card._id,
      }),
    ]);
    const second = await ok<{ entries: Array<{ name: string; amount: number }> }>(
      user,
      'GET',
      `/api/accounts/${main!._id}/register?limit=2&page=2`,
    );
    expect(second.entries).toEqual([expect.objectContaining({ name: 'Groceries', amount: -12 })]);
    const cardRegister = await ok<{ entries: Array<{ name: string; amount: number }> }>(
      user,
      'GET',
      `/api/accounts/${card._id}/register`,
    );
    expect(cardRegister.entries.map((entry) => [entry.name, entry.amount])).toEqual([
      ['Groceries', -7],
      ['Main', 50],
    ]);
    expect((await call(user, 'GET', '/api/accounts/not-an-id/register')).statusCode).toBe(404);
  });

  it('gives each register entry the running balance after it, on every page', async () => {
    const user = await signUp(context.app, { setup: true });
    const account = await given.account(context.app, user, {
      name: 'Wallet',
      type: 'cash',
      openingBalance: 100,
    });
    const other = await given.account(context.app, user, { name: 'Other', type: 'cash' });
    const amounts = [12.5, -40, 7.25, 300, -0.75, 19.99];
    for (const [index, amount] of amounts.entries()) {
      await given.transaction(context.app, user, {
        ...expense(Math.abs(amount), {
          addedOn: `2026-04-0${index + 1}`,
          accountId: account._id,
          name: `Row ${index}`,
        }),
        isIncome: amount < 0,
      });
    }
    await given.transfer(context.app, user, {
      fromAccountId: account._id,
      toAccountId: other._id,
      amount: 25,
      date: '2026-04-03',
    });
    const entries: Array<{ amount: number; balance: number }> = [];
    for (const page of [1, 2, 3]) {
      const body = await ok<{ entries: Array<{ amount: number; balance: number }> }>(
        user,
        'GET',
        `/api/accounts/${account._id}/register?limit=3&page=${page}`,
      );
      entries.push(...body.entries);
    }
    expect(entries).toHaveLength(7);
    // Oldest first from the opening balance, each entry's signed amount added: independent of
    // the server's window.
    let running = 10000;
    const expected: number[] = [];
    for (const entry of [...entries].reverse()) {
      running += Math.round(entry.amount * 100);
      expected.unshift(running / 100);
    }
    expect(entries.map((entry) => entry.balance)).toEqual(expected);
    const [wallet] = (await accountsOf(user)).filter((item) => item._id === account._id);
    expect(entries[0]!.balance).toBe(wallet!.balance);
  });
});
