import type { Budget } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

// Recurring rules created here run against this clock: "today" is 2026-03-15 (UTC).
const NOW = new Date('2026-03-15T12:00:00.000Z');

let context: TestContext;
const { call } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await context.close();
});

type Payload = Record<string, unknown>;

const budget = <Overrides extends Payload>(overrides: Overrides = {} as Overrides) => ({
  category: 'Food',
  amount: 300,
  month: 3,
  year: 2026,
  ...overrides,
});

async function listBudgets(user: SignedUpUser, query = ''): Promise<Budget[]> {
  const response = await call(user, 'GET', `/api/budgets${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Budget[]>();
}

const item = (fields: { category: string; cost: number; addedOn: string; isIncome?: boolean }) => ({
  name: 'Item',
  isIncome: false,
  ...fields,
});

async function budgetRow(id: string) {
  const { rows } = await context.database.pool.query(
    'SELECT category, amount_cents, month, year FROM budgets WHERE id = $1',
    [id],
  );
  return rows[0] as { category: string; amount_cents: number; month: number; year: number };
}

async function budgetCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM budgets',
  );
  return rows[0]!.count;
}

describe('POST /api/budgets', () => {
  it('creates a budget and answers 201 with its (empty) progress', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'POST', '/api/budgets', budget({ amount: 250.5 }));
    expect(response.statusCode).toBe(201);
    const body = response.json<Budget>();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      category: 'Food',
      amount: 250.5,
      month: 3,
      year: 2026,
      rollover: false,
      repeat: false,
      repeatedFrom: null,
      carried: 0,
      available: 250.5,
      spent: 0,
      remaining: 250.5,
      percent: 0,
      unconverted: 0,
    });
    expect(await budgetRow(body._id)).toEqual({
      category: 'Food',
      amount_cents: 25050,
      month: 3,
      year: 2026,
    });
  });

  it('accepts a zero amount, numeric strings and a padded category', async () => {
    const user = await signUp(context.app, { setup: true });
    expect(await given.budget(context.app, user, budget({ amount: 0 }))).toMatchObject({
      amount: 0,
      percent: 0,
    });
    expect(
      await given.budget(context.app, user, {
        category: '  Bills ',
        amount: '12.50',
        month: '4',
        year: '2026',
      }),
    ).toMatchObject({ category: 'Bills', amount: 12.5, month: 4, year: 2026 });
  });

  it('makes a category that is not built-in one of the custom expense categories', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ category: 'Pets' }));
    const categories = (await call(user, 'GET', '/api/transactions/categories/expense')).json();
    expect(categories).toContain('Pets');
  });

  it.each([
    ['a missing category', { category: undefined }, 'Please select a category.'],
    ['a blank category', { category: '   ' }, 'Please select a category.'],
    [
      'a 51-character category',
      { category: 'x'.repeat(51) },
      'Category must be at most 50 characters long.',
    ],
    [
      'a missing amount',
      { amount: undefined },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    [
      'amount -1',
      { amount: -1 },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    [
      'three decimals',
      { amount: 10.005 },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    [
      'a non-numeric amount',
      { amount: 'lots' },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    [
      'three decimals as a string',
      { amount: '10.005' },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    [
      'a grouped string',
      { amount: '1,000' },
      'Please enter a valid budget amount of 0 or more, with at most 2 decimals.',
    ],
    ['a missing month', { month: undefined }, 'Month must be a whole number from 1 to 12.'],
    ['month 0', { month: 0 }, 'Month must be a whole number from 1 to 12.'],
    ['month 13', { month: 13 }, 'Month must be a whole number from 1 to 12.'],
    ['a fractional month', { month: 2.5 }, 'Month must be a whole number from 1 to 12.'],
    ['a missing year', { year: undefined }, 'Year must be a whole number from 2000 to 2100.'],
    ['year 1999', { year: 1999 }, 'Year must be a whole number from 2000 to 2100.'],
    ['year 2101', { year: 2101 }, 'Year must be a whole number from 2000 to 2100.'],
    ['a text year', { year: 'next' }, 'Year must be a whole number from 2000 to 2100.'],
  ])('rejects %s with 400 and stores nothing', async (_case, overrides, message) => {
    const user = await signUp(context.app, { setup: true });
    const before = await budgetCount();
    const response = await call(user, 'POST', '/api/budgets', budget(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await budgetCount()).toBe(before);
  });

  it('allows one budget per category and month: a duplicate is a 409', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ category: 'Groceries', month: 7, year: 2026 }));
    const duplicate = await call(
      user,
      'POST',
      '/api/budgets',
      budget({ category: 'Groceries', month: 7, year: 2026, amount: 1 }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({
      message: 'A budget for Groceries in 7/2026 already exists.',
      code: 'BUDGET_EXISTS',
    });
    // Another month, another category or another user is not a duplicate.
    await given.budget(context.app, user, budget({ category: 'Groceries', month: 8, year: 2026 }));
    await given.budget(context.app, user, budget({ category: 'Bills', month: 7, year: 2026 }));
    await given.budget(context.app, other, budget({ category: 'Groceries', month: 7, year: 2026 }));
    expect(await listBudgets(user)).toHaveLength(3);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/budgets',
      payload: budget(),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/budgets', () => {
  it('lists newest month first, then category A→Z', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ category: 'Food', month: 1, year: 2026 }));
    await given.budget(context.app, user, budget({ category: 'bills', month: 3, year: 2026 }));
    await given.budget(context.app, user, budget({ category: 'Shopping', month: 12, year: 2025 }));
    await given.budget(context.app, user, budget({ category: 'Food', month: 3, year: 2026 }));
    await given.budget(
      context.app,
      user,
      budget({ category: 'Entertainment', month: 3, year: 2026 }),
    );
    const budgets = await listBudgets(user);
    expect(budgets.map((item) => `${item.year}-${item.month} ${item.category}`)).toEqual([
      '2026-3 bills',
      '2026-3 Entertainment',
      '2026-3 Food',
      '2026-1 Food',
      '2025-12 Shopping',
    ]);
  });

  it('views one month with ?month&year, and wants both or neither', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ month: 2, year: 2026 }));
    await given.budget(context.app, user, budget({ month: 3, year: 2026 }));
    await given.budget(context.app, user, budget({ month: 3, year: 2025 }));
    const march = await listBudgets(user, '?month=3&year=2026');
    expect(march.map((item) => [item.month, item.year])).toEqual([[3, 2026]]);
    expect(await listBudgets(user, '?month=&year=')).toHaveLength(3);

    for (const query of ['?month=3', '?year=2026']) {
      const response = await call(user, 'GET', `/api/budgets${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Give both month and year to view one month, or neither.',
      );
    }
    const badMonth = await call(user, 'GET', '/api/budgets?month=13&year=2026');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().message).toBe('Month must be a whole number from 1 to 12.');
  });

  it("counts only that month's expenses in that category, of that user", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const food = await given.budget(
      context.app,
      user,
      budget({ category: 'Food', amount: 100, month: 2 }),
    );

    // Counted: the first and last day of February 2026 and a day between.
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 10, addedOn: '2026-02-01' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 5.25, addedOn: '2026-02-14' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 0.01, addedOn: '2026-02-28' }),
    );
    // Not counted: the months around, another category, an income, another user.
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 1000, addedOn: '2026-01-31' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 1000, addedOn: '2026-03-01' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 1000, addedOn: '2025-02-10' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Groceries', cost: 1000, addedOn: '2026-02-10' }),
    );
    await given.transaction(
      context.app,
      user,
      item({
        category: 'Food',
        cost: 1000,
        addedOn: '2026-02-10',
        isIncome: true,
      }),
    );
    await given.transaction(
      context.app,
      other,
      item({ category: 'Food', cost: 1000, addedOn: '2026-02-10' }),
    );

    const [listed] = await listBudgets(user);
    expect(listed).toEqual({ ...food, spent: 15.26, remaining: 84.74, percent: 15 });
  });

  it("computes every budget's spending to equal a hand sum", async () => {
    const user = await signUp(context.app, { setup: true });
    const categories = ['Food', 'Bills', 'Transportation'];
    const months = [
      { month: 12, year: 2025 },
      { month: 1, year: 2026 },
      { month: 2, year: 2026 },
    ];
    for (const { month, year } of months) {
      for (const category of categories) {
        await given.budget(context.app, user, { category, amount: 200, month, year });
      }
    }
    // A deterministic spread of expenses and incomes over the three months and around them.
    const expected = new Map<string, number>();
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % limit;
    };
    const dates = [
      '2025-11-30',
      '2025-12-01',
      '2025-12-31',
      '2026-01-15',
      '2026-02-28',
      '2026-03-01',
    ];
    for (let index = 0; index < 60; index++) {
      const category = categories[random(categories.length)]!;
      const addedOn = dates[random(dates.length)]!;
      const costCents = 1 + random(5000);
      const isIncome = random(5) === 0;
      await given.transaction(
        context.app,
        user,
        item({ category, cost: costCents / 100, addedOn, isIncome }),
      );
      if (!isIncome) {
        const key = `${category} ${Number(addedOn.slice(0, 4))}-${Number(addedOn.slice(5, 7))}`;
        expected.set(key, (expected.get(key) ?? 0) + costCents);
      }
    }

    const budgets = await listBudgets(user);
    expect(budgets).toHaveLength(9);
    for (const item of budgets) {
      const spentCents = expected.get(`${item.category} ${item.year}-${item.month}`) ?? 0;
      expect(item.spent).toBe(spentCents / 100);
      expect(item.remaining).toBe((20_000 - spentCents) / 100);
      expect(item.percent).toBe(Math.round(spentCents / 200));
    }
  });

  it('rounds the percent, lets remaining go negative, and treats a zero budget as 0 or 100', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ category: 'Food', amount: 100 }));
    await given.budget(context.app, user, budget({ category: 'Bills', amount: 40 }));
    await given.budget(context.app, user, budget({ category: 'Shopping', amount: 0 }));
    await given.budget(context.app, user, budget({ category: 'Groceries', amount: 0 }));
    await given.transaction(
      context.app,
      user,
      item({ category: 'Food', cost: 79.5, addedOn: '2026-03-02' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Bills', cost: 60, addedOn: '2026-03-03' }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Shopping', cost: 0.01, addedOn: '2026-03-04' }),
    );

    const byCategory = Object.fromEntries(
      (await listBudgets(user)).map((item) => [
        item.category,
        { spent: item.spent, remaining: item.remaining, percent: item.percent },
      ]),
    );
    expect(byCategory).toEqual({
      Food: { spent: 79.5, remaining: 20.5, percent: 80 },
      Bills: { spent: 60, remaining: -20, percent: 150 },
      Shopping: { spent: 0.01, remaining: -0.01, percent: 100 },
      Groceries: { spent: 0, remaining: 0, percent: 0 },
    });
  });

  it("uses an index for a budget's spending", async () => {
    const client = await context.database.pool.connect();
    try {
      await client.query('BEGIN');
      // Tiny test tables would be read whole; forbid that to see which index the plan can use.
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT sum(cost_cents) FROM transactions
         WHERE user_id = $1 AND NOT is_income AND category = 'Food'
           AND added_on >= '2026-03-01' AND added_on < '2026-04-01'`,
        ['00000000-0000-7000-8000-000000000000'],
      );
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      expect(plan).toContain('transactions_user_expense_category_idx');
      expect(plan).toMatch(/Index Cond: .*added_on >= /s);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('PUT and DELETE /api/budgets/:id', () => {
  it('updates a budget and answers with its new progress', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await given.budget(
      context.app,
      user,
      budget({ category: 'Food', amount: 100, month: 3 }),
    );
    await given.transaction(
      context.app,
      user,
      item({ category: 'Bills', cost: 30, addedOn: '2026-04-10' }),
    );
    const response = await call(
      user,
      'PUT',
      `/api/budgets/${created._id}`,
      budget({ category: 'Bills', amount: 120, month: 4, year: 2026 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      _id: created._id,
      category: 'Bills',
      amount: 120,
      month: 4,
      year: 2026,
      rollover: false,
      repeat: false,
      repeatedFrom: null,
      carried: 0,
      available: 120,
      spent: 30,
      remaining: 90,
      percent: 25,
      unconverted: 0,
    });
    expect(await budgetRow(created._id)).toEqual({
      category: 'Bills',
      amount_cents: 12000,
      month: 4,
      year: 2026,
    });
  });

  it('refuses an update onto a month that already has a budget for the category (409)', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget({ category: 'Food', month: 5 }));
    const may = await given.budget(context.app, user, budget({ category: 'Bills', month: 5 }));
    const response = await call(
      user,
      'PUT',
      `/api/budgets/${may._id}`,
      budget({ category: 'Food', month: 5 }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('A budget for Food in 5/2026 already exists.');
    expect((await budgetRow(may._id)).category).toBe('Bills');
    // Saving a budget onto its own month is fine.
    const same = await call(
      user,
      'PUT',
      `/api/budgets/${may._id}`,
      budget({ category: 'Bills', month: 5, amount: 99 }),
    );
    expect(same.statusCode).toBe(200);
    expect(same.json().amount).toBe(99);
  });

  it('rejects an invalid update and leaves the budget as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await given.budget(context.app, user, budget());
    for (const overrides of [{ amount: -1 }, { month: 13 }, { year: 1999 }, { category: '' }]) {
      const response = await call(user, 'PUT', `/api/budgets/${created._id}`, budget(overrides));
      expect(response.statusCode).toBe(400);
    }
    expect(await budgetRow(created._id)).toEqual({
      category: 'Food',
      amount_cents: 30000,
      month: 3,
      year: 2026,
    });
  });

  it("answers 404 for another user's budget or a malformed id, leaving theirs unchanged", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const alices = await given.budget(context.app, alice, budget({ category: 'Food', amount: 50 }));

    const update = await call(bob, 'PUT', `/api/budgets/${alices._id}`, budget({ amount: 1 }));
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({ message: 'Budget not found.', code: 'BUDGET_NOT_FOUND' });
    expect((await call(bob, 'DELETE', `/api/budgets/${alices._id}`)).statusCode).toBe(404);
    for (const id of ['not-an-id', '123', `${alices._id}x`]) {
      expect((await call(alice, 'PUT', `/api/budgets/${id}`, budget())).statusCode).toBe(404);
      expect((await call(alice, 'DELETE', `/api/budgets/${id}`)).statusCode).toBe(404);
    }
    expect(await listBudgets(bob)).toEqual([]);
    expect(await budgetRow(alices._id)).toEqual({
      category: 'Food',
      amount_cents: 5000,
      month: 3,
      year: 2026,
    });
  });

  it('deletes a budget; deleting it again is a 404', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await given.budget(context.app, user, budget());
    const kept = await given.budget(context.app, user, budget({ category: 'Bills' }));
    const response = await call(user, 'DELETE', `/api/budgets/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Budget deleted.' });
    expect((await listBudgets(user)).map((item) => item._id)).toEqual([kept._id]);
    expect((await call(user, 'DELETE', `/api/budgets/${created._id}`)).statusCode).toBe(404);
  });
});

describe('deleting a category or an account', () => {
  it("removes the category's budgets and moves its recurring rules to Miscellaneous", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const gymBudget = await given.budget(context.app, user, budget({ category: 'Gym' }));
    const foodBudget = await given.budget(context.app, user, budget({ category: 'Food' }));
    const othersGym = await given.budget(context.app, other, budget({ category: 'Gym' }));
    const rule = await call(user, 'POST', '/api/recurring/create', {
      name: 'Membership',
      category: 'Gym',
      amount: 30,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-03-01',
    });
    expect(rule.statusCode).toBe(201);
    const othersRule = await call(other, 'POST', '/api/recurring/create', {
      name: 'Membership',
      category: 'Gym',
      amount: 30,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-03-01',
    });

    const response = await call(user, 'DELETE', '/api/transactions/category', {
      categoryToDelete: 'Gym',
    });
    expect(response.statusCode).toBe(200);
    // The rule's one transaction (March 1) moved with it.
    expect(response.json().movedCount).toBe(1);

    expect((await listBudgets(user)).map((item) => item._id)).toEqual([foodBudget._id]);
    expect(await budgetRow(gymBudget._id)).toBeUndefined();
    const [movedRule] = (await call(user, 'GET', '/api/recurring')).json();
    expect(movedRule).toMatchObject({ _id: rule.json()._id, category: 'Miscellaneous' });
    const transactions = (await call(user, 'GET', '/api/transactions')).json().transactions;
    expect(transactions.map((item: { category: string }) => item.category)).toEqual([
      'Miscellaneous',
    ]);
    // The other user's budget and rule are untouched.
    expect((await listBudgets(other)).map((item) => item._id)).toEqual([othersGym._id]);
    expect((await call(other, 'GET', '/api/recurring')).json()[0]).toMatchObject({
      _id: othersRule.json()._id,
      category: 'Gym',
    });
  });

  it('keeps budgets of a built-in expense category when a custom income one of that name goes', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(
      context.app,
      user,
      item({
        category: 'Food',
        cost: 5,
        addedOn: '2026-03-02',
        isIncome: true,
      }),
    );
    const foodBudget = await given.budget(context.app, user, budget({ category: 'Food' }));
    const response = await call(user, 'DELETE', '/api/transactions/category', {
      categoryToDelete: 'Food',
    });
    expect(response.statusCode).toBe(200);
    expect((await listBudgets(user)).map((item) => item._id)).toEqual([foodBudget._id]);
  });

  it("deleting the account deletes the user's budgets, rules and their transactions", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await given.budget(context.app, user, budget());
    await given.budget(context.app, other, budget());
    for (const owner of [user, other]) {
      const response = await call(owner, 'POST', '/api/recurring/create', {
        name: 'Rent',
        category: 'Bills',
        amount: 900,
        isIncome: false,
        frequency: 'monthly',
        startDate: '2026-01-01',
      });
      expect(response.statusCode).toBe(201);
    }
    const counts = async (userId: string) => {
      const { rows } = await context.database.pool.query(
        `SELECT (SELECT count(*)::int FROM budgets WHERE user_id = $1) AS budgets,
                (SELECT count(*)::int FROM recurring_rules WHERE user_id = $1) AS rules,
                (SELECT count(*)::int FROM transactions WHERE user_id = $1) AS transactions`,
        [userId],
      );
      return rows[0];
    };
    expect(await counts(user.id)).toEqual({ budgets: 1, rules: 1, transactions: 3 });

    const response = await call(user, 'DELETE', '/api/users/account');
    expect(response.statusCode).toBe(200);
    expect(await counts(user.id)).toEqual({ budgets: 0, rules: 0, transactions: 0 });
    expect(await counts(other.id)).toEqual({ budgets: 1, rules: 1, transactions: 3 });
  });
});
