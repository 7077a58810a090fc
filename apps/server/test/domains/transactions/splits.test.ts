// Splits: written through POST and PUT, and counted part by part.
import type { Transaction } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { signUp, type SignedUpUser } from '../../test-app';
import { call, context, create, keptTotals, market, stored, type Payload } from './splits-setup';

describe('splits on POST /api/transactions', () => {
  it('stores the parts in order and carries the largest part’s category', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market({ category: 'Shopping' }));
    expect(created).toMatchObject({
      category: 'Food',
      cost: 84.5,
      splits: [
        { category: 'Household', amount: 20, note: null },
        { category: 'Food', amount: 60, note: 'week' },
        { category: 'Food', amount: 4.5, note: null },
      ],
    });
    const listed = (await call(user, 'GET', '/api/transactions')).json();
    expect(listed.transactions[0].splits).toEqual(created.splits);
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    expect(summary.recentTransactions[0].splits).toEqual(created.splits);
    // The parts' categories are the user's own now, for the pickers.
    const categories = (await call(user, 'GET', '/api/transactions/categories/expense')).json();
    expect(categories).toEqual(expect.arrayContaining(['Food', 'Household']));
  });

  it('answers an unsplit transaction without a splits field', async () => {
    const user = await signUp(context.app, { setup: true });
    const plain = await create(user, market({ splits: undefined }));
    expect(plain).not.toHaveProperty('splits');
    const listed = (await call(user, 'GET', '/api/transactions')).json();
    expect(listed.transactions[0]).not.toHaveProperty('splits');
    // [] on create is no split either.
    const empty = await create(user, market({ splits: [] }));
    expect(empty).not.toHaveProperty('splits');
    expect(empty.category).toBe('Food');
  });

  it.each([
    [
      'parts that do not add up to the amount',
      {
        splits: [
          { category: 'Food', amount: 60 },
          { category: 'Household', amount: 24 },
        ],
      },
      'The parts of a split must add up to exactly the amount.',
    ],
    [
      'a part of the other direction',
      {
        cost: 40,
        splits: [
          { category: 'Food', amount: 60 },
          { category: 'Household', amount: -20 },
        ],
      },
      'Every part of a split goes the same way as the transaction: enter an amount greater than 0.',
    ],
    [
      'a part of zero',
      {
        cost: 60,
        splits: [
          { category: 'Food', amount: 60 },
          { category: 'Household', amount: 0 },
        ],
      },
      'Every part of a split goes the same way as the transaction: enter an amount greater than 0.',
    ],
    [
      'one part',
      { cost: 60, splits: [{ category: 'Food', amount: 60 }] },
      'A split needs 2 to 50 parts.',
    ],
    [
      '51 parts',
      { cost: 51, splits: Array.from({ length: 51 }, () => ({ category: 'Food', amount: 1 })) },
      'A split needs 2 to 50 parts.',
    ],
    [
      'a part without a category',
      {
        cost: 60,
        splits: [
          { category: ' ', amount: 30 },
          { category: 'Food', amount: 30 },
        ],
      },
      'Please select a category.',
    ],
    [
      'a part with three decimals',
      {
        cost: 60,
        splits: [
          { category: 'Food', amount: 30.005 },
          { category: 'Food', amount: 29.995 },
        ],
      },
      'Please enter an amount with at most 2 decimals.',
    ],
    ['splits that are not a list', { splits: 'Food' }, 'A split needs 2 to 50 parts.'],
  ])(
    'refuses %s with 400 naming the rule, and stores nothing',
    async (_case, overrides, message) => {
      const user = await signUp(context.app, { setup: true });
      const response = await call(user, 'POST', '/api/transactions', market(overrides));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message });
      expect(await stored(user)).toEqual([]);
    },
  );

  it('takes 50 parts', async () => {
    const user = await signUp(context.app, { setup: true });
    const parts = Array.from({ length: 50 }, (_, i) => ({
      category: `C${i % 7}`,
      amount: 0.01 * (i + 1),
    }));
    // 0.01 + 0.02 + … + 0.50 = 12.75
    const created = await create(user, market({ cost: 12.75, splits: parts }));
    expect(created.splits).toHaveLength(50);
    expect(created.category).toBe('C0'); // 0.50 is part 50, i = 49 → C0
  });
});

describe('splits on PUT, for other users and in zero-decimal currencies', () => {
  it('replaces, keeps and removes parts on PUT', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market());
    const put = (payload: Payload) =>
      call(user, 'PUT', `/api/transactions/${created._id}`, payload);
    // Without splits (an older client), an edit that keeps amount and category keeps the parts.
    const renamed = await put({ ...market({ name: 'Saturday market' }), splits: undefined });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Saturday market', splits: created.splits });
    // New parts replace the old ones; the category follows the new largest part.
    const replaced = await put(
      market({
        cost: 100,
        splits: [
          { category: 'Food', amount: 30 },
          { category: 'Household', amount: 70 },
        ],
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      category: 'Household',
      cost: 100,
      splits: [
        { category: 'Food', amount: 30, note: null },
        { category: 'Household', amount: 70, note: null },
      ],
    });
    // null makes it whole again, in the category sent.
    const whole = await put(market({ cost: 100, category: 'Shopping', splits: null }));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ category: 'Shopping', cost: 100 });
    expect(whole.json()).not.toHaveProperty('splits');
    expect((await stored(user))[0].parts).toEqual([]);
  });

  it('refuses an edit without splits that would break the stored parts, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market());
    const before = await stored(user);
    for (const change of [{ cost: 90 }, { category: 'Household' }, { isIncome: true }]) {
      const response = await call(user, 'PUT', `/api/transactions/${created._id}`, {
        ...market(change),
        splits: undefined,
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
      expect(response.json().message).toMatch(/This transaction is split/);
    }
    // A bad split on PUT changes nothing either.
    const bad = await call(user, 'PUT', `/api/transactions/${created._id}`, market({ cost: 1 }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The parts of a split must add up to exactly the amount.');
    expect(await stored(user)).toEqual(before);
  });

  it('answers 404 for another user’s transaction and changes nothing of theirs', async () => {
    const owner = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const created = await create(owner, market());
    const before = await stored(owner);
    const response = await call(
      other,
      'PUT',
      `/api/transactions/${created._id}`,
      market({
        splits: [
          { category: 'Food', amount: 42.25 },
          { category: 'Fun', amount: 42.25 },
        ],
      }),
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('TRANSACTION_NOT_FOUND');
    expect(await stored(owner)).toEqual(before);
    expect(await stored(other)).toEqual([]);
  });

  it('refuses parts with decimals a zero-decimal currency does not have', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(
      user,
      'POST',
      '/api/transactions',
      market({
        currency: 'JPY',
        cost: 1000,
        splits: [
          { category: 'Food', amount: 999.5 },
          { category: 'Household', amount: 0.5 },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message: 'Part 1 of the split in JPY can have no decimals.',
    });
    expect(await stored(user)).toEqual([]);
  });
});

/** A split market purchase, a plain coffee, split pay and split rent: one of each shape. */
async function seedSplitLedger(user: SignedUpUser) {
  const market = await create(user, {
    name: 'Market',
    category: 'Food',
    cost: 84.5,
    addedOn: '2026-03-10',
    isIncome: false,
    splits: [
      { category: 'Household', amount: 20 },
      { category: 'Food', amount: 60 },
      { category: 'Food', amount: 4.5 },
    ],
  });
  await create(user, {
    name: 'Coffee',
    category: 'Food',
    cost: 3.5,
    addedOn: '2026-03-10',
    isIncome: false,
  });
  await create(user, {
    name: 'Pay',
    category: 'Salary',
    cost: 1000,
    addedOn: '2026-03-01',
    isIncome: true,
    splits: [
      { category: 'Salary', amount: 900 },
      { category: 'Bonus', amount: 100 },
    ],
  });
  const rent = await create(user, {
    name: 'Rent',
    category: 'Housing',
    cost: 500,
    addedOn: '2026-03-05',
    isIncome: false,
    splits: [
      { category: 'Housing', amount: 400 },
      { category: 'Utilities', amount: 100 },
    ],
  });
  return { market, rent };
}

describe('each part counts in its own category', () => {
  it('keeps the per-category totals and budgets equal to the parts through every write', async () => {
    const user = await signUp(context.app, { setup: true });
    const { market, rent } = await seedSplitLedger(user);
    // Food holds the market's two food parts as one (64.50) and the coffee: two transactions.
    expect(await keptTotals(user)).toEqual({
      totals: {
        'out Food': [2, 6450 + 350],
        'out Household': [1, 2000],
        'out Housing': [1, 40000],
        'out Utilities': [1, 10000],
        'in Salary': [1, 90000],
        'in Bonus': [1, 10000],
      },
      daily: {
        '2026-03-10 out Food': [2, 6450 + 350],
        '2026-03-10 out Household': [1, 2000],
        '2026-03-05 out Housing': [1, 40000],
        '2026-03-05 out Utilities': [1, 10000],
        '2026-03-01 in Salary': [1, 90000],
        '2026-03-01 in Bonus': [1, 10000],
      },
    });

    // New parts and a new day for the market; the rent goes to the trash.
    const moved = await call(user, 'PUT', `/api/transactions/${market._id}`, {
      name: 'Market',
      category: 'Food',
      cost: 84.5,
      addedOn: '2026-03-11',
      isIncome: false,
      splits: [
        { category: 'Food', amount: 30 },
        { category: 'Household', amount: 54.5 },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(user, 'DELETE', `/api/transactions/${rent._id}`)).statusCode).toBe(200);
    const afterEdit = {
      'out Food': [2, 3000 + 350],
      'out Household': [1, 5450],
      'in Salary': [1, 90000],
      'in Bonus': [1, 10000],
    };
    expect((await keptTotals(user)).totals).toEqual(afterEdit);
    expect((await keptTotals(user)).daily).toEqual({
      '2026-03-11 out Food': [1, 3000],
      '2026-03-11 out Household': [1, 5450],
      '2026-03-10 out Food': [1, 350],
      '2026-03-01 in Salary': [1, 90000],
      '2026-03-01 in Bonus': [1, 10000],
    });
    const { rows: held } = await context.database.pool.query(
      'SELECT count(*)::int AS n FROM transaction_splits WHERE transaction_id = $1',
      [rent._id],
    );
    expect(held).toEqual([{ n: 0 }]);
    // The trash lists it with its parts.
    const trash = (await call(user, 'GET', '/api/transactions/trash')).json<{
      transactions: Array<{ _id: string; splits?: unknown }>;
    }>();
    expect(trash.transactions.find((t) => t._id === rent._id)?.splits).toEqual([
      { category: 'Housing', amount: 400, note: null },
      { category: 'Utilities', amount: 100, note: null },
    ]);

    // Restored from the trash, the rent comes back with its parts.
    const restored = await call(user, 'POST', '/api/transactions/trash/restore', {
      transactionIds: [rent._id],
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const listed = (await call(user, 'GET', '/api/transactions?limit=50')).json();
    const back = listed.transactions.find((t: Transaction) => t._id === rent._id);
    expect(back.splits).toEqual([
      { category: 'Housing', amount: 400, note: null },
      { category: 'Utilities', amount: 100, note: null },
    ]);
    expect((await keptTotals(user)).totals).toEqual({
      ...afterEdit,
      'out Housing': [1, 40000],
      'out Utilities': [1, 10000],
    });

    // A budget of a part's category spends that part only.
    const budget = await call(user, 'POST', '/api/budgets', {
      category: 'Household',
      amount: 100,
      month: 3,
      year: 2026,
    });
    expect(budget.statusCode, budget.body).toBe(201);
    const budgets = (await call(user, 'GET', '/api/budgets?month=3&year=2026')).json();
    expect(budgets.find((b: { category: string }) => b.category === 'Household')).toMatchObject({
      spent: 54.5,
    });

    // Unsplit again: everything in the transaction's own category.
    const whole = await call(user, 'PUT', `/api/transactions/${market._id}`, {
      name: 'Market',
      category: 'Food',
      cost: 84.5,
      addedOn: '2026-03-11',
      isIncome: false,
      splits: null,
    });
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await keptTotals(user)).totals).toEqual({
      'out Food': [2, 8450 + 350],
      'in Salary': [1, 90000],
      'in Bonus': [1, 10000],
      'out Housing': [1, 40000],
      'out Utilities': [1, 10000],
    });
  });
});
