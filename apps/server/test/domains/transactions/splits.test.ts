// Split transactions through the real app and PostgreSQL (docs/api.md, Transaction): parts are
// stored and answered in order, the transaction carries its largest part's category, bad parts
// are refused with 400 naming the rule and change nothing, another user's id is a 404, and an
// unsplit transaction's answer has no `splits` at all (the original client sees what it saw).
import type { Transaction } from '@moneta/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { uploadImport } from '../../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

type Payload = Record<string, unknown>;

/** A 84.50 market bill split in three: 60.00 food, 20.00 household, 4.50 food again. */
const market = (overrides: Payload = {}): Payload => ({
  name: 'Market',
  category: 'Food',
  cost: 84.5,
  addedOn: '2026-03-10',
  isIncome: false,
  splits: [
    { category: 'Household', amount: 20 },
    { category: 'Food', amount: '60.00', note: 'week' },
    { category: 'Food', amount: 4.5 },
  ],
  ...overrides,
});

async function create(user: SignedUpUser, payload: Payload): Promise<Transaction> {
  const response = await call(user, 'POST', '/api/transactions', payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json<Transaction>();
}

/** The user's transactions as the list answers them. */
const listed = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/transactions?limit=100')).json<{
    transactions: Transaction[];
  }>().transactions;

/** Every stored row of the user's transactions and parts, to prove a refusal changed nothing. */
async function stored(user: SignedUpUser) {
  const { rows } = await context.database.pool.query(
    `SELECT t.id, t.category, t.cost_cents::int AS cost, t.is_income, t.updated_at,
            coalesce((SELECT json_agg(json_build_array(s.position, s.category, s.amount_cents, s.note)
                      ORDER BY s.position) FROM transaction_splits s WHERE s.transaction_id = t.id), '[]') AS parts
     FROM transactions t WHERE t.user_id = $1 ORDER BY t.id`,
    [user.id],
  );
  return rows;
}

describe('splits on POST and PUT /api/transactions', () => {
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

/** The kept totals of a user, as { key: [count, cents] }, read straight from the tables. */
async function keptTotals(user: SignedUpUser) {
  const pool = context.database.pool;
  const totals = await pool.query(
    `SELECT is_income, category, transaction_count::int AS n, sum_cents::int AS cents
     FROM transaction_totals WHERE user_id = $1`,
    [user.id],
  );
  const daily = await pool.query(
    `SELECT to_char(added_on, 'YYYY-MM-DD') AS day, is_income, category,
            transaction_count::int AS n, sum_cents::int AS cents
     FROM transaction_daily_totals WHERE user_id = $1`,
    [user.id],
  );
  return {
    totals: Object.fromEntries(
      totals.rows.map((r) => [`${r.is_income ? 'in' : 'out'} ${r.category}`, [r.n, r.cents]]),
    ),
    daily: Object.fromEntries(
      daily.rows.map((r) => [
        `${r.day} ${r.is_income ? 'in' : 'out'} ${r.category}`,
        [r.n, r.cents],
      ]),
    ),
  };
}

describe('each part counts in its own category', () => {
  it('keeps the per-category totals and budgets equal to the parts through every write', async () => {
    const user = await signUp(context.app, { setup: true });
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

describe('splits and the other writers', () => {
  it('moves parts with a category’s rename, and the totals follow', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market());
    const renamed = await call(user, 'PUT', '/api/categories', {
      from: 'Household',
      to: 'Home',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const listed = (await call(user, 'GET', '/api/transactions')).json();
    expect(listed.transactions[0]).toMatchObject({
      _id: created._id,
      category: 'Food',
      splits: [
        { category: 'Home', amount: 20 },
        { category: 'Food', amount: 60 },
        { category: 'Food', amount: 4.5 },
      ],
    });
    expect((await keptTotals(user)).totals).toEqual({
      'out Food': [1, 6450],
      'out Home': [1, 2000],
    });
    // Merged into Food, both parts are Food: one category row of the whole amount.
    const merged = await call(user, 'PUT', '/api/categories', { from: 'Home', to: 'Food' });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await keptTotals(user)).totals).toEqual({ 'out Food': [1, 8450] });
  });

  it('refuses a bulk category on a split transaction, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const split = await create(user, market());
    const plain = await create(user, market({ splits: undefined, name: 'Bread', cost: 2 }));
    const before = await stored(user);
    const response = await call(user, 'PATCH', '/api/transactions/bulk', {
      transactionIds: [plain._id, split._id],
      set: { category: 'Fun' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION',
      message:
        'Some of the selected transactions are split: change their parts one by one. Nothing was changed.',
    });
    expect(await stored(user)).toEqual(before);
    // Other fields may be set on split ones.
    const renamed = await call(user, 'PATCH', '/api/transactions/bulk', {
      transactionIds: [plain._id, split._id],
      set: { name: 'Shop' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await keptTotals(user)).totals).toEqual({
      'out Food': [2, 6450 + 200],
      'out Household': [1, 2000],
    });
  });
});

describe('a rule applied to existing transactions', () => {
  it('renames a split transaction but leaves its category and parts, recategorising the others', async () => {
    const user = await signUp(context.app, { setup: true });
    const split = await create(user, market({ name: 'MARKET HALL 22' }));
    const plain = await create(
      user,
      market({ splits: undefined, name: 'Market stall', category: 'Food', cost: 5 }),
    );
    const renameOnly = await create(
      user,
      market({
        name: 'Market',
        category: 'Fun',
        cost: 30,
        splits: [
          { category: 'Fun', amount: 20 },
          { category: 'Food', amount: 10 },
        ],
      }),
    );
    const partsBefore = (await stored(user)).map((row) => [row.id, row.category, row.parts]);
    const rule = (
      await call(user, 'POST', '/api/rules', {
        value: 'market',
        category: 'Groceries',
        rename: 'Market',
      })
    ).json<{ _id: string }>();

    const applied = await call(user, 'POST', `/api/rules/${rule._id}/apply`);
    expect(applied.statusCode, applied.body).toBe(200);
    // The split one is renamed, the plain one recategorised (and renamed); the split one already
    // named Market has nothing the rule may change.
    expect(applied.json()).toEqual({ updated: 2 });
    const byId = new Map((await listed(user)).map((row) => [row._id, row]));
    expect(byId.get(split._id)).toMatchObject({
      name: 'Market',
      category: 'Food',
      splits: split.splits,
    });
    expect(byId.get(plain._id)).toMatchObject({ name: 'Market', category: 'Groceries' });
    expect(byId.get(renameOnly._id)).toMatchObject({ category: 'Fun', splits: renameOnly.splits });
    expect((await stored(user)).map((row) => [row.id, row.category, row.parts])).toEqual(
      partsBefore.map(([id, category, parts]) =>
        id === plain._id ? [id, 'Groceries', parts] : [id, category, parts],
      ),
    );
    // The totals follow the parts: 20.00 + 64.50 + 10.00 Food, 20.00 Household, 20.00 Fun.
    expect((await keptTotals(user)).totals).toEqual({
      'out Food': [2, 6450 + 1000],
      'out Household': [1, 2000],
      'out Fun': [1, 2000],
      'out Groceries': [1, 500],
    });
    expect(await ok(user, 'POST', `/api/rules/${rule._id}/apply`)).toEqual({ updated: 0 });
  });
});

describe('a split transaction made a transfer, and undone', () => {
  /** A 300.00 move to savings, split as 200.00 Savings goal and 100.00 Gifts, in Main. */
  const toSavings = (accountId: string) =>
    market({
      name: 'To savings',
      cost: 300,
      addedOn: '2026-10-01',
      accountId,
      splits: [
        { category: 'Savings goal', amount: 200, note: 'car' },
        { category: 'Gifts out', amount: 100 },
      ],
    });
  const SAVINGS = ['Date,Description,Amount', '2026-10-02,From checking,300.00'].join('\n');

  async function accounts(user: SignedUpUser) {
    const main = (await call(user, 'GET', '/api/accounts')).json<{ _id: string }[]>()[0]!;
    const savings = (
      await call(user, 'POST', '/api/accounts', { name: 'Savings', type: 'savings' })
    ).json<{ _id: string }>();
    return { main, savings };
  }

  async function importSavings(user: SignedUpUser, accountId: string) {
    const uploaded = await uploadImport(context.app, user, 'savings.csv', Buffer.from(SAVINGS), {
      accountId,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const id = uploaded.json<{ _id: string }>()._id;
    const committed = await call(user, 'POST', `/api/imports/${id}/commit`, {});
    expect(committed.statusCode, committed.body).toBe(200);
    return { id, committed: committed.json<{ created: number; transfers: number }>() };
  }

  it('an import that takes it as the other leg, undone, puts it back with its parts', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await accounts(user);
    const split = await create(user, toSavings(main._id));
    const totalsBefore = await keptTotals(user);
    expect(totalsBefore.totals).toEqual({
      'out Savings goal': [1, 20000],
      'out Gifts out': [1, 10000],
    });
    const rowsBefore = await stored(user);

    const { id, committed } = await importSavings(user, savings._id);
    expect(committed).toMatchObject({ created: 0, transfers: 1 });
    expect(await listed(user)).toEqual([]);
    expect((await keptTotals(user)).totals).toEqual({});

    const undone = await call(user, 'DELETE', `/api/imports/${id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await listed(user)).toEqual([expect.objectContaining({ splits: split.splits })]);
    expect(await stored(user)).toEqual(
      rowsBefore.map((row) => ({ ...row, updated_at: expect.anything() })),
    );
    expect(await keptTotals(user)).toEqual(totalsBefore);
  });

  it('“Make a transfer” of it with an imported income, undone by the import, keeps its parts', async () => {
    const user = await signUp(context.app, { setup: true });
    const { main, savings } = await accounts(user);
    // The income comes first, with nothing to pair it with: an income of its own.
    const { id } = await importSavings(user, savings._id);
    const split = await create(user, toSavings(main._id));
    const income = (await listed(user)).find((row) => row.isIncome)!;
    const totalsBefore = await keptTotals(user);
    const parts = await stored(user);

    const made = await call(user, 'POST', '/api/transfers/from-transactions', {
      transactionIds: [split._id, income._id],
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(await listed(user)).toEqual([]);
    expect(
      await context.database.pool.query('SELECT 1 FROM transaction_splits WHERE user_id = $1', [
        user.id,
      ]),
    ).toMatchObject({ rowCount: 0 });

    // Undoing the income's import takes its leg away, and the split expense comes back whole.
    const undone = await call(user, 'DELETE', `/api/imports/${id}`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(await listed(user)).toEqual([
      expect.objectContaining({ _id: split._id, splits: split.splits }),
    ]);
    expect(await stored(user)).toEqual(
      parts
        .filter((row) => row.id === split._id)
        .map((row) => ({ ...row, updated_at: expect.anything() })),
    );
    expect((await keptTotals(user)).totals).toEqual({
      'out Savings goal': [1, 20000],
      'out Gifts out': [1, 10000],
    });
    expect(totalsBefore.totals).toMatchObject({
      'out Savings goal': [1, 20000],
      'out Gifts out': [1, 10000],
    });
  });
});

describe('bulk edit’s undo on a split transaction', () => {
  it('refuses to put a category back on one split since, and keeps other fields revertible', async () => {
    const user = await signUp(context.app, { setup: true });
    const bread = await create(user, market({ splits: undefined, name: 'Bread', cost: 84.5 }));
    const edit = await call(user, 'PATCH', '/api/transactions/bulk', {
      transactionIds: [bread._id],
      set: { category: 'Fun', name: 'Loaf' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { previous } = edit.json<{ previous: Array<Record<string, unknown>> }>();
    expect(previous).toEqual([{ _id: bread._id, category: 'Food', name: 'Bread' }]);
    // Split after the edit: its category is now its largest part's.
    const split = await call(
      user,
      'PUT',
      `/api/transactions/${bread._id}`,
      market({ name: 'Loaf' }),
    );
    expect(split.statusCode, split.body).toBe(200);
    const before = await stored(user);

    const reverted = await call(user, 'POST', '/api/transactions/bulk/revert', { previous });
    expect(reverted.statusCode, reverted.body).toBe(400);
    expect(reverted.json()).toMatchObject({ code: 'VALIDATION' });
    expect(await stored(user)).toEqual(before);

    const nameOnly = await call(user, 'POST', '/api/transactions/bulk/revert', {
      previous: [{ _id: bread._id, name: 'Bread' }],
    });
    expect(nameOnly.statusCode, nameOnly.body).toBe(200);
    const [row] = await listed(user);
    expect(row).toMatchObject({ name: 'Bread', category: 'Food', splits: split.json().splits });
  });
});

describe('a split in another currency', () => {
  it('converts each part at its day’s rate, rounded per part, in charts and reports', async () => {
    const user = await signUp(context.app, { setup: true });
    const base = (await call(user, 'GET', '/api/transactions/summary')).json().currency;
    const foreign = base === 'GBP' ? 'CHF' : 'GBP';
    const rate = await call(user, 'PUT', '/api/rates', {
      currency: foreign,
      date: '2026-03-10',
      rate: 1.1,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    // 0.10 whole would be 0.11; each part of 0.05 is 0.055, rounded half away from zero: 0.06.
    await create(user, {
      name: 'Kiosk',
      category: 'Food',
      cost: 0.1,
      addedOn: '2026-03-10',
      isIncome: false,
      currency: foreign,
      splits: [
        { category: 'Food', amount: 0.05 },
        { category: 'Household', amount: 0.05 },
      ],
    });
    const charts = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-03-01&to=2026-03-31')
    ).json();
    expect(charts.expensesByCategory).toEqual(
      expect.arrayContaining([
        { name: 'Food', total: 0.06 },
        { name: 'Household', total: 0.06 },
      ]),
    );
    expect(charts.expensesByCategory).toHaveLength(2);
    expect(charts.unconverted).toBe(0);
    const report = (
      await call(
        user,
        'GET',
        '/api/reports/categories?from=2026-03-01&to=2026-03-31&isIncome=false',
      )
    ).json();
    expect(
      report.categories.map((c: { name: string; total: number }) => [c.name, c.total]).sort(),
    ).toEqual([
      ['Food', 0.06],
      ['Household', 0.06],
    ]);
    // A budget of one part's category spends that part, converted on its own.
    const budget = await call(user, 'POST', '/api/budgets', {
      category: 'Household',
      amount: 10,
      month: 3,
      year: 2026,
    });
    expect(budget.statusCode, budget.body).toBe(201);
    const budgets = (await call(user, 'GET', '/api/budgets?month=3&year=2026')).json();
    expect(budgets).toHaveLength(1);
    expect(budgets[0]).toMatchObject({ category: 'Household', spent: 0.06, unconverted: 0 });
  });

  it('counts a split without a rate once as unconverted', async () => {
    const user = await signUp(context.app, { setup: true });
    const base = (await call(user, 'GET', '/api/transactions/summary')).json().currency;
    await create(user, {
      name: 'Abroad',
      category: 'Food',
      cost: 30,
      addedOn: '2026-03-10',
      isIncome: false,
      currency: base === 'SEK' ? 'NOK' : 'SEK',
      splits: [
        { category: 'Food', amount: 10 },
        { category: 'Fun', amount: 10 },
        { category: 'Household', amount: 10 },
      ],
    });
    const charts = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-03-01&to=2026-03-31')
    ).json();
    expect(charts.unconverted).toBe(1);
    // Left out of every total, as an unsplit row without a rate is (its categories show 0).
    expect(
      charts.expensesByCategory.map((c: { name: string; total: number }) => [c.name, c.total]),
    ).toEqual(
      expect.arrayContaining([
        ['Food', 0],
        ['Fun', 0],
        ['Household', 0],
      ]),
    );
  });
});

describe('the category filter and the list’s counts', () => {
  it('finds a split transaction by any part’s category, and counts each transaction once', async () => {
    const user = await signUp(context.app, { setup: true });
    const split = await create(user, market());
    const coffee = await create(user, market({ splits: undefined, name: 'Coffee', cost: 3 }));
    const fun = await create(
      user,
      market({ splits: undefined, name: 'Cinema', category: 'Fun', cost: 12 }),
    );
    await create(
      user,
      market({ splits: undefined, name: 'Pay', category: 'Salary', cost: 99, isIncome: true }),
    );
    const page = async (query: string) => {
      const response = await call(user, 'GET', `/api/transactions?limit=50&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ transactions: Transaction[]; total: number }>();
      return { ids: body.transactions.map((t) => t._id).sort(), total: body.total };
    };
    expect(await page('')).toMatchObject({ total: 4 });
    expect(await page('isIncome=false')).toEqual({
      ids: [split._id, coffee._id, fun._id].sort(),
      total: 3,
    });
    expect(await page('category=Household')).toEqual({ ids: [split._id], total: 1 });
    expect(await page('category=Food')).toEqual({
      ids: [split._id, coffee._id].sort(),
      total: 2,
    });
    expect(await page('category=Household&search=market')).toEqual({ ids: [split._id], total: 1 });
    expect(await page('category=Fun&isIncome=false')).toEqual({ ids: [fun._id], total: 1 });
  });
});

describe('the category: search operator', () => {
  it('finds a split transaction by any part’s category, ignoring case, like the filter', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const split = await create(user, market());
    const coffee = await create(user, market({ splits: undefined, name: 'Coffee', cost: 3 }));
    await create(user, market({ splits: undefined, name: 'Lamp', category: 'Shopping', cost: 30 }));
    // Another user's part of the same category must not bring their transaction, nor ours.
    await create(other, market());
    const rows = (await call(user, 'GET', '/api/transactions?limit=50')).json<{
      transactions: Transaction[];
    }>().transactions;
    // Expected: the rows whose own category or any part's is the word, computed from the answers.
    const inCategory = (name: string) =>
      rows
        .filter(
          (row) =>
            row.category.toLowerCase() === name ||
            row.splits?.some((part) => part.category.toLowerCase() === name),
        )
        .map((row) => row._id)
        .sort();
    const search = async (text: string) => {
      const response = await call(
        user,
        'GET',
        `/api/transactions?limit=50&search=${encodeURIComponent(text)}`,
      );
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ transactions: Transaction[]; total: number }>();
      return { ids: body.transactions.map((t) => t._id).sort(), total: body.total };
    };
    expect(inCategory('household')).toEqual([split._id]);
    expect(await search('category:household')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:FOOD')).toEqual({
      ids: inCategory('food'),
      total: 2,
    });
    expect(inCategory('food')).toEqual([split._id, coffee._id].sort());
    expect(await search('category:household amount:>80')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:household market')).toEqual({ ids: [split._id], total: 1 });
    expect(await search('category:household -market')).toEqual({ ids: [], total: 0 });
    // The filter and the operator agree.
    const filtered = (
      await call(user, 'GET', '/api/transactions?limit=50&category=Household')
    ).json<{ transactions: Transaction[] }>();
    expect(filtered.transactions.map((t) => t._id)).toEqual([split._id]);
  });
});

describe('the CSV export', () => {
  it('writes a split transaction as one row per part, tied by Split, in base too', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, market({ note: 'saturday' }));
    await create(
      user,
      market({ splits: undefined, name: 'Bread', cost: 2, addedOn: '2026-03-09' }),
    );
    // A split in euros with a bank charge of 50.00 USD: each part takes its share.
    await create(
      user,
      market({
        name: 'Paris',
        cost: 40,
        currency: 'EUR',
        baseCost: 50,
        addedOn: '2026-03-08',
        splits: [
          { category: 'Food', amount: 30 },
          { category: 'Fun', amount: 10 },
        ],
      }),
    );
    // A split in pounds at the user's rate of the day: each part converted and rounded alone.
    await call(user, 'PUT', '/api/rates', { currency: 'GBP', date: '2026-03-07', rate: 1.25 });
    await create(
      user,
      market({
        name: 'London',
        cost: 10.01,
        currency: 'GBP',
        addedOn: '2026-03-07',
        splits: [
          { category: 'Fun', amount: 3.33 },
          { category: 'Food', amount: 6.68 },
        ],
      }),
    );
    const response = await call(user, 'GET', '/api/transactions/export');
    expect(response.statusCode).toBe(200);
    const rows = parse(response.rawPayload, { bom: true, columns: true }) as Array<
      Record<string, string>
    >;
    const pick = (row: Record<string, string>) => [
      row.Date,
      row.Name,
      row.Category,
      row.Amount,
      row.Note,
      row.Currency,
      row['Base amount'],
      row.Split,
    ];
    // Shares of the 50.00 charge: 50 × 30/40 and 50 × 10/40.
    expect(rows.map(pick)).toEqual([
      ['2026-03-10', 'Market', 'Household', '20.00', 'saturday', 'USD', '20.00', '1/3'],
      ['2026-03-10', 'Market', 'Food', '60.00', 'week', 'USD', '60.00', '2/3'],
      ['2026-03-10', 'Market', 'Food', '4.50', 'saturday', 'USD', '4.50', '3/3'],
      ['2026-03-09', 'Bread', 'Food', '2.00', '', 'USD', '2.00', ''],
      ['2026-03-08', 'Paris', 'Food', '30.00', '', 'EUR', ((50 * 30) / 40).toFixed(2), '1/2'],
      ['2026-03-08', 'Paris', 'Fun', '10.00', '', 'EUR', ((50 * 10) / 40).toFixed(2), '2/2'],
      // 3.33 × 1.25 = 4.1625 and 6.68 × 1.25 = 8.35.
      ['2026-03-07', 'London', 'Fun', '3.33', '', 'GBP', '4.16', '1/2'],
      ['2026-03-07', 'London', 'Food', '6.68', '', 'GBP', '8.35', '2/2'],
    ]);
    // The parts of a transaction add up to it: a spreadsheet's sum is the ledger's.
    const sum = rows
      .filter((row) => row.Name === 'Market')
      .reduce((total, row) => total + Math.round(Number(row.Amount) * 100), 0);
    expect(sum).toBe(8450);
  });
});

describe('reports of one account', () => {
  it('give each part its own category', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await create(user, market({ addedOn: '2026-03-10' }));
    const report = (
      await call(
        user,
        'GET',
        `/api/reports/categories?from=2026-03-01&to=2026-03-31&isIncome=false&accountId=${created.accountId}`,
      )
    ).json();
    expect(
      report.categories.map((c: { name: string; total: number }) => [c.name, c.total]).sort(),
    ).toEqual([
      ['Food', 64.5],
      ['Household', 20],
    ]);
    const cashflow = (
      await call(
        user,
        'GET',
        `/api/reports/cashflow?from=2026-03-01&to=2026-03-31&accountId=${created.accountId}`,
      )
    ).json();
    expect(cashflow.periods[0]).toMatchObject({ expense: 84.5 });
  });
});
