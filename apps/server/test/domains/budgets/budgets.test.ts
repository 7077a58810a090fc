// Budgets: created and listed with their progress.
import type { Budget } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { signUp } from '../../test-app';
import { budget, budgetCount, budgetRow, call, context, item, listBudgets } from './budgets-setup';

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

describe('GET /api/budgets: listing and spending', () => {
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
});

describe('GET /api/budgets: computed progress', () => {
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
