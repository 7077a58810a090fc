// Splits through the other writers: rules, transfers, bulk edits and other currencies.
import { describe, expect, it } from 'vitest';
import { uploadImport } from '../../support/import-files';
import { type SignedUpUser, signUp } from '../../test-app';
import { call, context, create, keptTotals, listed, market, ok, stored } from './splits-setup';

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
