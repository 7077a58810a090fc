import { addDays, todayIn, type Transaction } from '@moneta/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

type Payload = Record<string, unknown>;

const expense = (overrides: Payload = {}): Payload => ({
  name: 'Coffee',
  category: 'Food',
  cost: 3.5,
  addedOn: '2026-03-10',
  isIncome: false,
  note: '',
  ...overrides,
});

async function create(user: SignedUpUser, payload: Payload): Promise<Transaction> {
  const response = await call(user, 'POST', '/api/transactions', payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json<Transaction>();
}

async function list(user: SignedUpUser, query = '') {
  const response = await call(user, 'GET', `/api/transactions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    transactions: Transaction[];
    totalPages: number;
    currentPage: number;
    total: number;
  }>();
}

async function rowCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM transactions',
  );
  return rows[0]!.count;
}

describe('POST /api/transactions', () => {
  it('records an expense and answers 201 with the transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(
      user,
      'POST',
      '/api/transactions',
      expense({ name: '  Flat white ', cost: 4.25, note: 'with oat milk' }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'Flat white',
      category: 'Food',
      cost: 4.25,
      addedOn: '2026-03-10',
      isIncome: false,
      note: 'with oat milk',
      recurringId: null,
      receiptId: null,
    });
    expect(body._id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = await context.database.pool.query(
      'SELECT cost_cents, added_on FROM transactions WHERE id = $1',
      [body._id],
    );
    expect(stored.rows[0]).toEqual({ cost_cents: 425, added_on: '2026-03-10' });
  });

  it('stores an empty note as null', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await create(user, expense({ note: '   ' }))).note).toBeNull();
    expect((await create(user, expense({ note: undefined }))).note).toBeNull();
  });

  it('names a blank income after its category', async () => {
    const user = await signUp(context.app, { setup: true });
    const income = await create(user, {
      category: 'Salary',
      cost: 2500,
      addedOn: '2026-03-01',
      isIncome: true,
      name: '',
    });
    expect(income.name).toBe('Salary Income');
    const named = await create(user, {
      category: 'Gifts',
      cost: 20,
      addedOn: '2026-03-01',
      isIncome: true,
      name: 'Birthday',
    });
    expect(named.name).toBe('Birthday');
  });

  it('accepts a numeric string amount and a full ISO timestamp for the date', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(
      user,
      expense({ cost: '12.50', addedOn: '2026-03-10T00:00:00.000Z' }),
    );
    expect(created).toMatchObject({ cost: 12.5, addedOn: '2026-03-10' });
  });

  it.each([
    ['.5', 0.5],
    ['12.50', 12.5],
    [' 7 ', 7],
    ['0.10', 0.1],
  ])('accepts the decimal string %j as a cost', async (cost, stored) => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, expense({ cost }));
    expect(created).toMatchObject({ cost: stored });
  });

  it.each([
    ['a missing name on an expense', { name: '' }, 'Please enter a name for the transaction.'],
    ['a zero cost', { cost: 0 }, 'Please enter a valid cost greater than 0.'],
    ['a negative cost', { cost: -5 }, 'Please enter a valid cost greater than 0.'],
    ['three decimals', { cost: 1.005 }, 'Please enter a cost with at most 2 decimals.'],
    [
      'three decimals as a string',
      { cost: '1.005' },
      'Please enter a cost with at most 2 decimals.',
    ],
    [
      'more digits than a number keeps',
      { cost: '1.0000000000000000001' },
      'Please enter a valid cost greater than 0.',
    ],
    ['a negative string', { cost: '-3' }, 'Please enter a valid cost greater than 0.'],
    ['a grouped string', { cost: '1,234.50' }, 'Please enter a valid cost greater than 0.'],
    ['a comma decimal string', { cost: '2,95' }, 'Please enter a valid cost greater than 0.'],
    ['an exponent string', { cost: '1e3' }, 'Please enter a valid cost greater than 0.'],
    ['a lone dot', { cost: '.' }, 'Please enter a valid cost greater than 0.'],
    ['a non-numeric cost', { cost: 'abc' }, 'Please enter a valid cost greater than 0.'],
    ['an absurd cost', { cost: 1e308 }, 'Please enter a valid cost greater than 0.'],
    ['a missing category', { category: '' }, 'Please select a category.'],
    ['an impossible date', { addedOn: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
    [
      'a date in another format',
      { addedOn: '10/03/2026' },
      'Please enter a valid date (YYYY-MM-DD).',
    ],
    [
      'a 101-character name',
      { name: 'x'.repeat(101) },
      'Name must be at most 100 characters long.',
    ],
    [
      'a 51-character category',
      { category: 'x'.repeat(51) },
      'Category must be at most 50 characters long.',
    ],
    [
      'a 501-character note',
      { note: 'x'.repeat(501) },
      'Note must be at most 500 characters long.',
    ],
    ['a string isIncome', { isIncome: 'yes' }, 'isIncome must be true or false.'],
  ])('rejects %s with 400 and stores nothing', async (_case, overrides, message) => {
    const user = await signUp(context.app, { setup: true });
    const before = await rowCount();
    const response = await call(user, 'POST', '/api/transactions', expense(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await rowCount()).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/transactions',
      payload: expense(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('categories', () => {
  it('lists built-ins in spec order, then custom ones A→Z, per kind', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ category: 'pets' }));
    await create(user, expense({ category: 'Books' }));
    await create(user, expense({ category: 'Food' }));
    await create(user, { category: 'Royalties', cost: 10, addedOn: '2026-03-01', isIncome: true });

    const expenseCategories = (
      await call(user, 'GET', '/api/transactions/categories/expense')
    ).json();
    expect(expenseCategories).toEqual([
      'Food',
      'Shopping',
      'Bills',
      'Subscriptions',
      'Transportation',
      'Entertainment',
      'Groceries',
      'Miscellaneous',
      'Books',
      'pets',
    ]);
    const incomeCategories = (
      await call(user, 'GET', '/api/transactions/categories/income')
    ).json();
    expect(incomeCategories).toEqual([
      'Salary',
      'Freelance / Side Gig',
      'Investment Returns',
      'Gifts',
      'Refunds',
      'Royalties',
    ]);
    const all = (await call(user, 'GET', '/api/transactions/categories')).json();
    expect(all).toHaveLength(new Set(all).size);
    expect(all).toEqual(expect.arrayContaining(['Books', 'pets', 'Royalties', 'Salary', 'Food']));
  });

  it('deletes a custom category, moving its transactions to Miscellaneous in one go', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const first = await create(user, expense({ category: 'Hobbies' }));
    await create(user, expense({ category: 'Hobbies', name: 'Paint' }));
    const untouched = await create(user, expense({ category: 'Food' }));
    const othersHobby = await create(other, expense({ category: 'Hobbies' }));

    const response = await call(user, 'DELETE', '/api/transactions/category', {
      categoryToDelete: 'Hobbies',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().movedCount).toBe(2);

    const { transactions } = await list(user);
    expect(transactions.find((transaction) => transaction._id === first._id)?.category).toBe(
      'Miscellaneous',
    );
    expect(transactions.find((transaction) => transaction._id === untouched._id)?.category).toBe(
      'Food',
    );
    expect((await call(user, 'GET', '/api/transactions/categories/expense')).json()).not.toContain(
      'Hobbies',
    );
    // The other user's category and transaction are theirs alone.
    expect((await list(other)).transactions[0]).toMatchObject({
      _id: othersHobby._id,
      category: 'Hobbies',
    });
    expect((await call(other, 'GET', '/api/transactions/categories/expense')).json()).toContain(
      'Hobbies',
    );
  });

  it('refuses to delete a built-in category (400) or an unknown one (404)', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ category: 'Food' }));
    const builtIn = await call(user, 'DELETE', '/api/transactions/category', {
      categoryToDelete: 'Food',
    });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json().code).toBe('BUILT_IN_CATEGORY');
    const unknown = await call(user, 'DELETE', '/api/transactions/category', {
      categoryToDelete: 'Nope',
    });
    expect(unknown.statusCode).toBe(404);
    const missing = await call(user, 'DELETE', '/api/transactions/category', {});
    expect(missing.statusCode).toBe(400);
    expect((await list(user)).transactions[0]!.category).toBe('Food');
  });
});

describe('GET /api/transactions', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUp(context.app, { setup: true });
    // 25 transactions over 25 days; every fifth is an income.
    for (let day = 1; day <= 25; day++) {
      const date = `2026-01-${String(day).padStart(2, '0')}`;
      await create(
        user,
        day % 5 === 0
          ? { name: `Pay ${day}`, category: 'Salary', cost: 100, addedOn: date, isIncome: true }
          : expense({
              name: `Lunch ${day}`,
              category: day % 2 ? 'Food' : 'Bills',
              cost: day,
              addedOn: date,
              note: day === 7 ? 'Team LUNCH with 50% discount' : '',
            }),
      );
    }
  });

  it('pages by 10, newest first, with the page arithmetic', async () => {
    const first = await list(user);
    expect(first).toMatchObject({ totalPages: 3, currentPage: 1, total: 25 });
    expect(first.transactions).toHaveLength(10);
    expect(first.transactions.map((transaction) => transaction.addedOn)).toEqual(
      Array.from({ length: 10 }, (_, index) => `2026-01-${String(25 - index).padStart(2, '0')}`),
    );
    const third = await list(user, '?page=3');
    expect(third.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-05',
      '2026-01-04',
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
    ]);
    expect((await list(user, '?page=4')).transactions).toEqual([]);
    expect((await list(user, '?limit=25')).totalPages).toBe(1);
    expect((await list(user, '?limit=7')).totalPages).toBe(4);
  });

  it('orders same-day transactions by creation, newest first', async () => {
    const sameDay = await signUp(context.app, { setup: true });
    const older = await create(sameDay, expense({ name: 'First' }));
    const newer = await create(sameDay, expense({ name: 'Second' }));
    expect((await list(sameDay)).transactions.map((transaction) => transaction._id)).toEqual([
      newer._id,
      older._id,
    ]);
  });

  it('filters by type, category and an inclusive date range', async () => {
    const incomes = await list(user, '?isIncome=true&limit=100');
    expect(incomes.total).toBe(5);
    expect(incomes.transactions.every((transaction) => transaction.isIncome)).toBe(true);
    const expenses = await list(user, '?isIncome=false&limit=100');
    expect(expenses.total).toBe(20);
    const bills = await list(user, '?category=Bills&limit=100');
    expect(bills.transactions.every((transaction) => transaction.category === 'Bills')).toBe(true);
    expect(bills.total).toBe(10);
    const range = await list(user, '?startDate=2026-01-10&endDate=2026-01-12');
    expect(range.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-12',
      '2026-01-11',
      '2026-01-10',
    ]);
    const combined = await list(
      user,
      '?isIncome=false&category=Food&startDate=2026-01-01&endDate=2026-01-09',
    );
    expect(combined.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-09',
      '2026-01-07',
      '2026-01-03',
      '2026-01-01',
    ]);
  });

  it('searches name, category and note without regard to case', async () => {
    expect((await list(user, '?search=lunch 1&limit=100')).total).toBe(9); // Lunch 1, 11–14, 16–19
    expect((await list(user, '?search=SALARY')).total).toBe(5);
    const byNote = await list(user, '?search=team lunch');
    expect(byNote.transactions.map((transaction) => transaction.name)).toEqual(['Lunch 7']);
    // Wildcards are literal text.
    expect((await list(user, '?search=50%25')).total).toBe(1);
    expect((await list(user, '?search=%25')).total).toBe(1);
    expect((await list(user, '?search=_')).total).toBe(0);
    // A term never matches across two fields.
    expect((await list(user, '?search=7food')).total).toBe(0);
  });

  it.each([
    ['?page=0', 'page must be a whole number of at least 1.'],
    ['?page=abc', 'page must be a whole number of at least 1.'],
    ['?page=1.5', 'page must be a whole number of at least 1.'],
    ['?limit=0', 'limit must be a whole number from 1 to 100.'],
    ['?limit=101', 'limit must be a whole number from 1 to 100.'],
    ['?isIncome=maybe', 'isIncome must be true or false.'],
    ['?startDate=2026-13-01', 'Please enter a valid date (YYYY-MM-DD).'],
    ['?startDate=2026-02-01&endDate=2026-01-01', 'startDate must not be after endDate.'],
    [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters long.'],
  ])('rejects %s with 400', async (query, message) => {
    const response = await call(user, 'GET', `/api/transactions${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('treats empty filter values as no filter', async () => {
    expect((await list(user, '?search=&isIncome=&category=&startDate=&endDate=')).total).toBe(25);
  });
});

describe('PUT and DELETE /api/transactions/:id', () => {
  it('updates every field and answers with the updated transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const original = await create(user, expense());
    const response = await call(user, 'PUT', `/api/transactions/${original._id}`, {
      name: '',
      category: 'Freelance / Side Gig',
      cost: 99.99,
      addedOn: '2026-04-01',
      isIncome: true,
      note: 'invoice 7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: original._id,
      name: 'Freelance / Side Gig Income',
      category: 'Freelance / Side Gig',
      cost: 99.99,
      addedOn: '2026-04-01',
      isIncome: true,
      note: 'invoice 7',
    });
    expect(new Date(response.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(original.updatedAt).getTime(),
    );
  });

  it('rejects an invalid update and leaves the transaction as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const original = await create(user, expense());
    const response = await call(
      user,
      'PUT',
      `/api/transactions/${original._id}`,
      expense({ cost: -1 }),
    );
    expect(response.statusCode).toBe(400);
    expect((await list(user)).transactions[0]).toMatchObject({ cost: 3.5 });
  });

  it('deletes a transaction; deleting it again is a 404', async () => {
    const user = await signUp(context.app, { setup: true });
    const doomed = await create(user, expense());
    const response = await call(user, 'DELETE', `/api/transactions/${doomed._id}`);
    expect(response.statusCode).toBe(200);
    expect((await list(user)).total).toBe(0);
    expect((await call(user, 'DELETE', `/api/transactions/${doomed._id}`)).statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%27%20OR%201%3D1'])(
    'answers 404 for the id %s',
    async (id) => {
      const user = await signUp(context.app, { setup: true });
      expect((await call(user, 'PUT', `/api/transactions/${id}`, expense())).statusCode).toBe(404);
      expect((await call(user, 'DELETE', `/api/transactions/${id}`)).statusCode).toBe(404);
    },
  );
});

describe('isolation between users', () => {
  it("hides one user's transactions from another in every call", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const today = todayIn('UTC');
    const secret = await create(
      alice,
      expense({ name: 'Secret gift', category: 'Surprises', cost: 500, addedOn: today }),
    );

    expect((await call(bob, 'PUT', `/api/transactions/${secret._id}`, expense())).statusCode).toBe(
      404,
    );
    expect((await call(bob, 'DELETE', `/api/transactions/${secret._id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'DELETE', '/api/transactions/bulk', { transactionIds: [secret._id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(bob, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Surprises' }))
        .statusCode,
    ).toBe(404);
    expect((await list(bob, '?search=secret')).total).toBe(0);
    expect((await call(bob, 'GET', '/api/transactions/summary')).json()).toMatchObject({
      totalExpenses: 0,
      recentTransactions: [],
    });
    expect((await call(bob, 'GET', '/api/transactions/charts')).json().expensesByCategory).toEqual(
      [],
    );
    expect((await call(bob, 'GET', '/api/transactions/export')).body).not.toContain('Secret');
    expect((await call(bob, 'GET', '/api/transactions/categories')).json()).not.toContain(
      'Surprises',
    );
    // Alice's row is unchanged.
    expect((await list(alice)).transactions[0]).toMatchObject({
      _id: secret._id,
      name: 'Secret gift',
      cost: 500,
    });
  });
});

describe('DELETE /api/transactions/bulk', () => {
  it('deletes all the given transactions', async () => {
    const user = await signUp(context.app, { setup: true });
    const kept = await create(user, expense({ name: 'Keep' }));
    const doomed = [await create(user, expense()), await create(user, expense())];
    const response = await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: doomed.map((transaction) => transaction._id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().deletedCount).toBe(2);
    expect((await list(user)).transactions.map((transaction) => transaction._id)).toEqual([
      kept._id,
    ]);
  });

  it("deletes nothing when any id is not the user's", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const mine = [await create(user, expense()), await create(user, expense())];
    const theirs = await create(other, expense());
    for (const foreign of [theirs._id, '00000000-0000-0000-0000-000000000000', 'garbage']) {
      const response = await call(user, 'DELETE', '/api/transactions/bulk', {
        transactionIds: [...mine.map((transaction) => transaction._id), foreign],
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await list(user)).total).toBe(2);
    expect((await list(other)).total).toBe(1);
  });

  it('counts a repeated id once', async () => {
    const user = await signUp(context.app, { setup: true });
    const one = await create(user, expense());
    const response = await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: [one._id, one._id],
    });
    expect(response.json().deletedCount).toBe(1);
  });

  it.each([
    [{ transactionIds: [] }, 'Select at least one transaction to delete.'],
    [
      {
        transactionIds: Array.from({ length: 1001 }, () => '00000000-0000-0000-0000-000000000000'),
      },
      'At most 1000 transactions can be deleted at once.',
    ],
    [{ transactionIds: 'abc' }, 'transactionIds must be a list of transaction ids.'],
    [{}, 'transactionIds must be a list of transaction ids.'],
  ])('rejects %j with 400', async (payload, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'DELETE', '/api/transactions/bulk', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/transactions/summary', () => {
  it('totals all time and lists the five newest', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await call(user, 'GET', '/api/transactions/summary')).json()).toEqual({
      totalIncome: 0,
      totalExpenses: 0,
      balance: 0,
      recentTransactions: [],
      from: null,
      to: null,
      currency: 'USD',
      unconverted: 0,
    });
    await create(user, { category: 'Salary', cost: 1000.1, addedOn: '2020-01-01', isIncome: true });
    for (let day = 1; day <= 6; day++)
      await create(user, expense({ name: `E${day}`, cost: 0.1, addedOn: `2026-02-0${day}` }));
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    expect(summary).toMatchObject({ totalIncome: 1000.1, totalExpenses: 0.6, balance: 999.5 });
    expect(summary.recentTransactions.map((transaction: Transaction) => transaction.name)).toEqual([
      'E6',
      'E5',
      'E4',
      'E3',
      'E2',
    ]);
  });

  it('totals the period from..to inclusive, and names it', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = [
      { cost: 3.1, addedOn: '2026-01-31', isIncome: false },
      { cost: 12.34, addedOn: '2026-02-01', isIncome: false },
      { cost: 0.66, addedOn: '2026-02-14', isIncome: false },
      { cost: 2500, addedOn: '2026-02-27', isIncome: true },
      { cost: 40, addedOn: '2026-02-28', isIncome: false },
      { cost: 99, addedOn: '2026-03-01', isIncome: true },
    ];
    for (const row of rows) {
      await create(user, { ...row, name: 'Row', category: row.isIncome ? 'Salary' : 'Food' });
    }
    // Money moved between the user's own accounts is neither income nor expense.
    const accounts = (await call(user, 'GET', '/api/accounts')).json();
    const savings = (
      await call(user, 'POST', '/api/accounts', { name: 'Savings', type: 'savings' })
    ).json();
    const transfer = await call(user, 'POST', '/api/transfers', {
      fromAccountId: accounts[0]._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-02-10',
    });
    expect(transfer.statusCode).toBe(201);

    const inFebruary = rows.filter(
      (row) => row.addedOn >= '2026-02-01' && row.addedOn <= '2026-02-28',
    );
    const sumOf = (isIncome: boolean) =>
      inFebruary
        .filter((row) => row.isIncome === isIncome)
        .reduce((total, row) => total + Math.round(row.cost * 100), 0) / 100;
    const summary = (
      await call(user, 'GET', '/api/transactions/summary?from=2026-02-01&to=2026-02-28')
    ).json();
    expect(summary).toMatchObject({
      totalIncome: sumOf(true),
      totalExpenses: sumOf(false),
      balance: Math.round((sumOf(true) - sumOf(false)) * 100) / 100,
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(summary.totalExpenses).toBe(53);
    expect(summary.recentTransactions).toHaveLength(5);

    const empty = (
      await call(user, 'GET', '/api/transactions/summary?from=2025-01-01&to=2025-12-31')
    ).json();
    expect(empty).toMatchObject({ totalIncome: 0, totalExpenses: 0, balance: 0 });
  });

  it.each([
    ['?from=2026-02-01', 'Give both from and to, or neither.'],
    ['?to=2026-02-01', 'Give both from and to, or neither.'],
    ['?from=2026-03-01&to=2026-02-01', 'from must not be after to.'],
    ['?from=2026-02-30&to=2026-03-01', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('rejects the period %s with 400', async (query, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'GET', `/api/transactions/summary${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/transactions/charts', () => {
  it("defaults to the last 30 days in the user's time zone, one entry per day with zeros", async () => {
    const user = await signUp(context.app);
    await call(user, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'Pacific/Kiritimati',
    });
    const today = todayIn('Pacific/Kiritimati');
    await create(user, expense({ cost: 10, addedOn: today, category: 'Food' }));
    await create(user, expense({ cost: 5, addedOn: addDays(today, -29), category: 'Bills' }));
    await create(user, expense({ cost: 7, addedOn: addDays(today, -30), category: 'Bills' }));
    await create(user, {
      category: 'Salary',
      cost: 100,
      addedOn: addDays(today, -1),
      isIncome: true,
    });

    const charts = (await call(user, 'GET', '/api/transactions/charts')).json();
    expect(charts.expensesOverTime).toHaveLength(30);
    expect(charts.incomeOverTime).toHaveLength(30);
    expect(charts.expensesOverTime[0]).toEqual({ date: addDays(today, -29), total: 5 });
    expect(charts.expensesOverTime[29]).toEqual({ date: today, total: 10 });
    expect(charts.expensesOverTime[1]).toEqual({ date: addDays(today, -28), total: 0 });
    expect(charts.incomeOverTime[28]).toEqual({ date: addDays(today, -1), total: 100 });
    expect(charts.expensesByCategory).toEqual([
      { name: 'Food', total: 10 },
      { name: 'Bills', total: 5 },
    ]);
  });

  it('uses the given window and orders categories largest first', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ cost: 1, addedOn: '2025-12-31', category: 'Food' }));
    await create(user, expense({ cost: 2, addedOn: '2026-01-01', category: 'Food' }));
    await create(user, expense({ cost: 9, addedOn: '2026-01-03', category: 'Bills' }));
    const charts = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-01-01&to=2026-01-03')
    ).json();
    expect(charts.expensesOverTime).toEqual([
      { date: '2026-01-01', total: 2 },
      { date: '2026-01-02', total: 0 },
      { date: '2026-01-03', total: 9 },
    ]);
    expect(charts.expensesByCategory).toEqual([
      { name: 'Bills', total: 9 },
      { name: 'Food', total: 2 },
    ]);
  });

  it('answers empty lists for a window that holds no transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ cost: 4, addedOn: '2025-12-31', category: 'Food' }));
    const empty = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-01-01&to=2026-01-31')
    ).json();
    expect(empty).toEqual({
      expensesByCategory: [],
      expensesOverTime: [],
      incomeOverTime: [],
      unconverted: 0,
    });
    const withRow = (
      await call(user, 'GET', '/api/transactions/charts?from=2025-12-01&to=2025-12-31')
    ).json();
    expect(withRow.expensesOverTime).toHaveLength(31);
    expect(withRow.incomeOverTime).toHaveLength(31);
  });

  it.each([
    ['?from=2026-02-01&to=2026-01-01', 'from must not be after to.'],
    ['?from=2020-01-01&to=2026-01-01', 'The chart window can be at most 731 days.'],
    ['?from=yesterday', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('rejects %s with 400', async (query, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'GET', `/api/transactions/charts${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/transactions/export', () => {
  it('downloads a CSV that parses back to the transactions, with formulas neutralised', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(
      user,
      expense({
        name: 'Comma, "quoted" and\nnewline',
        cost: 1234.5,
        addedOn: '2026-01-02',
        note: '=HYPERLINK("http://evil")',
      }),
    );
    await create(
      user,
      expense({ name: '+SUM(A1)', category: '@risk', addedOn: '2026-01-01', note: '-1' }),
    );
    await create(user, {
      name: 'Café ☕',
      category: 'Salary',
      cost: 10,
      addedOn: '2026-01-03',
      isIncome: true,
    });

    const response = await call(user, 'GET', '/api/transactions/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="moneta_transactions.csv"',
    );
    const rows = parse(response.rawPayload, { bom: true }) as string[][];
    expect(rows).toEqual([
      [
        'Date',
        'Type',
        'Name',
        'Category',
        'Amount',
        'Note',
        'Account',
        'Currency',
        'Base amount',
        'Split',
      ],
      ['2026-01-03', 'Income', 'Café ☕', 'Salary', '10.00', '', 'Main', 'USD', '10.00', ''],
      [
        '2026-01-02',
        'Expense',
        'Comma, "quoted" and\nnewline',
        'Food',
        '1234.50',
        `'=HYPERLINK("http://evil")`,
        'Main',
        'USD',
        '1234.50',
        '',
      ],
      ['2026-01-01', 'Expense', "'+SUM(A1)", "'@risk", '3.50', "'-1", 'Main', 'USD', '3.50', ''],
    ]);
  });

  it('applies the list filters and streams every row past one batch', async () => {
    const user = await signUp(context.app, { setup: true });
    const values = Array.from({ length: 2345 }, (_, index) => {
      const day = String((index % 28) + 1).padStart(2, '0');
      return `('${crypto.randomUUID()}', '${user.id}', 'Bulk ${index}', 'Food', ${index + 1}, '2026-02-${day}', ${index % 2 === 0})`;
    });
    await context.database.pool.query(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income) VALUES ${values.join(',')}`,
    );
    const all = parse((await call(user, 'GET', '/api/transactions/export')).rawPayload, {
      bom: true,
    }) as string[][];
    expect(all).toHaveLength(2346);
    expect(new Set(all.slice(1).map((row) => row[2])).size).toBe(2345);
    const dates = all.slice(1).map((row) => row[0]!);
    expect([...dates].sort().reverse()).toEqual(dates);

    const incomes = parse(
      (
        await call(
          user,
          'GET',
          '/api/transactions/export?isIncome=true&startDate=2026-02-01&endDate=2026-02-01',
        )
      ).rawPayload,
      { bom: true },
    ) as string[][];
    expect(incomes.slice(1).every((row) => row[1] === 'Income' && row[0] === '2026-02-01')).toBe(
      true,
    );
    expect(incomes.length - 1).toBe(
      all.slice(1).filter((row) => row[1] === 'Income' && row[0] === '2026-02-01').length,
    );
  });

  it('rejects bad filters with 400', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await call(user, 'GET', '/api/transactions/export?startDate=nope')).statusCode).toBe(
      400,
    );
  });
});

describe('transaction_totals, transaction_search_counts and transaction_daily_totals', () => {
  it('stay equal to a fresh aggregate through every kind of change', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const created: Transaction[] = [];
    for (let index = 0; index < 30; index++) {
      const owner = index % 3 === 0 ? other : user;
      const transaction = await create(
        owner,
        expense({
          category: ['Food', 'Bills', 'Pets'][index % 3],
          cost: index + 0.25,
          addedOn: `2026-03-0${(index % 5) + 1}`,
          isIncome: index % 4 === 0,
          // Repeated names and notes: several transactions share one search text.
          name: `T${index % 7}`,
          note: index % 2 === 0 ? 'Shared Note' : null,
        }),
      );
      if (owner === user) created.push(transaction);
    }
    await call(
      user,
      'PUT',
      `/api/transactions/${created[0]!._id}`,
      expense({ category: 'Pets', cost: 1000 }),
    );
    await call(user, 'PUT', `/api/transactions/${created[1]!._id}`, {
      category: 'Salary',
      cost: 5,
      addedOn: '2026-01-01',
      isIncome: true,
    });
    await call(user, 'DELETE', `/api/transactions/${created[2]!._id}`);
    await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: [created[3]!._id, created[4]!._id],
    });
    await call(user, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Pets' });
    // The longest multi-byte texts still fit the kept counts' key (it holds a hash).
    await create(user, expense({ name: 'й'.repeat(100), note: '😀'.repeat(250) }));
    // …and the list index's entries: three-byte characters at every field's length limit.
    await create(
      user,
      expense({ name: '中'.repeat(100), category: '類'.repeat(50), note: '注'.repeat(500) }),
    );
    const doomed = await signUp(context.app, { setup: true });
    await create(doomed, expense());
    await call(doomed, 'DELETE', '/api/users/account');

    const { rows: kept } = await context.database.pool.query(
      'SELECT user_id, is_income, category, transaction_count, sum_cents FROM transaction_totals ORDER BY 1, 2, 3',
    );
    const { rows: fresh } = await context.database.pool.query(
      `SELECT user_id, is_income, category, count(*)::bigint AS transaction_count, sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(kept).toEqual(fresh);
    expect(kept.some((row) => row.user_id === doomed.id)).toBe(false);
    const { rows: keptTexts } = await context.database.pool.query(
      `SELECT user_id, is_income, category, search_text, transaction_count
       FROM transaction_search_counts ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshTexts } = await context.database.pool.query(
      `SELECT user_id, is_income, category, search_text, count(*)::bigint AS transaction_count
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptTexts).toEqual(freshTexts);
    expect(keptTexts.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    const { rows: keptDays } = await context.database.pool.query(
      `SELECT user_id, added_on, is_income, category, transaction_count, sum_cents
       FROM transaction_daily_totals ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshDays } = await context.database.pool.query(
      `SELECT user_id, added_on, is_income, category, count(*)::bigint AS transaction_count,
              sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptDays).toEqual(freshDays);
    expect(keptDays.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    expect(keptDays.some((row) => row.user_id === doomed.id)).toBe(false);

    // The list's page count and the summary read these totals.
    const all = await list(user, '?limit=100');
    expect(all.total).toBe(all.transactions.length);
    const food = await list(user, '?category=Food&isIncome=false&limit=100');
    expect(food.total).toBe(
      all.transactions.filter((row) => row.category === 'Food' && !row.isIncome).length,
    );
    // A search's page count comes from transaction_search_counts.
    const shared = await list(user, '?search=shared%20note&isIncome=false&limit=100');
    expect(shared.total).toBe(
      all.transactions.filter((row) => row.note === 'Shared Note' && !row.isIncome).length,
    );
    expect(shared.total).toBe(shared.transactions.length);
    expect(shared.total).toBeGreaterThan(1);
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    const sum = (isIncome: boolean) =>
      Math.round(
        all.transactions
          .filter((row) => row.isIncome === isIncome)
          .reduce((total, row) => total + row.cost * 100, 0),
      ) / 100;
    expect(summary.totalIncome).toBe(sum(true));
    expect(summary.totalExpenses).toBe(sum(false));
  });
});
