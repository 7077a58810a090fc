// Managing categories (docs/api.md, Categories): GET /api/categories, PUT /api/categories (rename
// or merge) and PUT /api/categories/hidden, through HTTP on a real PostgreSQL. Every figure after a
// merge is computed here from the rows the test wrote, and compared with what the API derives.
import type { Budget, CategoryChangeResult, ChartData, ManagedCategory } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const { call, ok } = apiCalls(() => context.app);

interface Row {
  name: string;
  category: string;
  cost: number;
  addedOn: string;
  isIncome?: boolean;
}

const listed = async (user: SignedUpUser, kind: 'expense' | 'income' | '') =>
  ok<string[]>(user, 'GET', `/api/transactions/categories${kind ? `/${kind}` : ''}`);

const managed = (user: SignedUpUser) => ok<ManagedCategory[]>(user, 'GET', '/api/categories');

/** Everything a category change could touch, as the API shows it: compared before and after. */
async function snapshot(user: SignedUpUser) {
  return {
    categories: await managed(user),
    expense: await listed(user, 'expense'),
    income: await listed(user, 'income'),
    transactions: await ok<{ transactions: unknown[] }>(user, 'GET', '/api/transactions?limit=100'),
    budgets: await ok<Budget[]>(user, 'GET', '/api/budgets'),
    rules: await ok<unknown[]>(user, 'GET', '/api/rules'),
    recurring: await ok<unknown[]>(user, 'GET', '/api/recurring'),
  };
}

describe('GET /api/categories', () => {
  it('lists every category of both kinds with built-in, hidden and transaction count', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Vet',
      category: 'Pets',
      cost: 40,
      addedOn: '2026-03-02',
    });
    await given.transaction(context.app, user, {
      name: 'Food',
      category: 'Pets',
      cost: 2,
      addedOn: '2026-03-03',
    });
    await given.transaction(context.app, user, {
      name: 'Shop',
      category: 'Food',
      cost: 9,
      addedOn: '2026-03-03',
    });
    const all = await managed(user);
    expect(all.find((category) => category.name === 'Pets')).toEqual({
      name: 'Pets',
      isIncome: false,
      isBuiltIn: false,
      hidden: false,
      transactionCount: 2,
    });
    expect(all.find((category) => category.name === 'Food')).toMatchObject({
      isBuiltIn: true,
      transactionCount: 1,
    });
    expect(all.find((category) => category.name === 'Salary')).toMatchObject({
      isIncome: true,
      isBuiltIn: true,
      transactionCount: 0,
    });
    // 8 built-in expense, 5 built-in income, 1 custom.
    expect(all).toHaveLength(14);
  });
});

describe('PUT /api/categories: rename', () => {
  it('renames a custom category: its transactions, budgets, rules and recurring follow', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Vet',
      category: 'Pets',
      cost: 40,
      addedOn: '2026-03-02',
    });
    await given.transaction(context.app, user, {
      name: 'Kibble',
      category: 'Pets',
      cost: 12.5,
      addedOn: '2026-03-09',
    });
    await given.budget(context.app, user, { category: 'Pets', amount: 100, month: 3, year: 2026 });
    await given.rule(context.app, user, { value: 'vet', category: 'Pets', isIncome: false });
    await given.recurring(context.app, user, {
      name: 'Insurance',
      category: 'Pets',
      amount: 20,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2099-01-01',
    });

    const response = await call(user, 'PUT', '/api/categories', { from: 'Pets', to: 'Animals' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CategoryChangeResult>()).toEqual({
      name: 'Animals',
      isIncome: false,
      merged: false,
      moved: { transactions: 2, budgets: 1, rules: 1, recurring: 1 },
    });

    const expense = await listed(user, 'expense');
    expect(expense).toContain('Animals');
    expect(expense).not.toContain('Pets');
    const page = await ok<{ transactions: { category: string }[] }>(
      user,
      'GET',
      '/api/transactions?category=Animals',
    );
    expect(page.transactions.map((row) => row.category)).toEqual(['Animals', 'Animals']);
    const budgets = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(budgets.map((budget) => [budget.category, budget.amount, budget.spent])).toEqual([
      ['Animals', 100, 52.5],
    ]);
    const rules = await ok<{ category: string }[]>(user, 'GET', '/api/rules');
    expect(rules.map((rule) => rule.category)).toEqual(['Animals']);
    const recurring = await ok<{ category: string }[]>(user, 'GET', '/api/recurring');
    expect(recurring.map((rule) => rule.category)).toEqual(['Animals']);
    // The rule now gives the new name to a new transaction.
    const suggested = await ok<{ category: string }>(
      user,
      'GET',
      '/api/transactions/suggest?name=Vet%20visit&isIncome=false',
    );
    expect(suggested.category).toBe('Animals');
  });

  it('refuses to rename a built-in (400) and to merge a category into itself (400)', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Bread',
      category: 'Food',
      cost: 3,
      addedOn: '2026-03-02',
    });
    await given.category(context.app, user, { name: 'Pets' });
    const before = await snapshot(user);

    const builtIn = await call(user, 'PUT', '/api/categories', { from: 'Food', to: 'Meals' });
    expect(builtIn.statusCode).toBe(400);
    expect(builtIn.json()).toMatchObject({ code: 'BUILT_IN_CATEGORY' });
    expect(builtIn.json().message).toContain('"Food" is a built-in category and cannot be renamed');
    const itself = await call(user, 'PUT', '/api/categories', { from: 'Pets', to: 'Pets' });
    expect(itself.statusCode).toBe(400);
    expect(itself.json()).toMatchObject({ code: 'CATEGORY_MERGE_INTO_ITSELF' });
    // Surrounding spaces are trimmed before the comparison: still itself.
    const padded = await call(user, 'PUT', '/api/categories', { from: 'Pets', to: ' Pets ' });
    expect(padded.json()).toMatchObject({ code: 'CATEGORY_MERGE_INTO_ITSELF' });

    expect(await snapshot(user)).toEqual(before);
  });

  it('answers 400 to garbage and 404 to a category the user does not have, changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.category(context.app, user, { name: 'Pets' });
    await given.transaction(context.app, user, {
      name: 'Vet',
      category: 'Pets',
      cost: 4,
      addedOn: '2026-03-02',
    });
    const other = await signUp(context.app, { setup: true });
    await given.category(context.app, other, { name: 'Hobby' });
    const before = await snapshot(user);
    const otherBefore = await snapshot(other);

    for (const body of [
      {},
      { from: 'Pets' },
      { to: 'Animals' },
      { from: '', to: 'Animals' },
      { from: 'Pets', to: '   ' },
      { from: 'Pets', to: 'x'.repeat(51) },
      { from: 42, to: 'Animals' },
      { from: 'Pets', to: 'Animals', isIncome: 'yes' },
      [],
    ]) {
      const response = await call(user, 'PUT', '/api/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    // Another user's category, and a category of the other kind, are not the user's.
    for (const body of [
      { from: 'Hobby', to: 'Pets' },
      { from: 'Pets', to: 'Animals', isIncome: true },
      { from: 'Nothing', to: 'Food' },
    ]) {
      const response = await call(user, 'PUT', '/api/categories', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json().code).toBe('CATEGORY_NOT_FOUND');
    }
    // Merging into another user's category name is a rename of the user's own: theirs stays.
    expect(await snapshot(other)).toEqual(otherBefore);
    expect(await snapshot(user)).toEqual(before);
  });
});

describe('PUT /api/categories: merge', () => {
  it('merges into an existing category: totals, charts and budgets equal the rows', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows: Row[] = [
      { name: 'Vet', category: 'Pets', cost: 40, addedOn: '2026-03-02' },
      { name: 'Kibble', category: 'Pets', cost: 12.5, addedOn: '2026-03-09' },
      { name: 'Toy', category: 'Pets', cost: 7.25, addedOn: '2026-04-01' },
      { name: 'Zoo', category: 'Animals', cost: 30, addedOn: '2026-03-09' },
      { name: 'Bread', category: 'Food', cost: 3, addedOn: '2026-03-09' },
      { name: 'Pay', category: 'Salary', cost: 1000, addedOn: '2026-03-01', isIncome: true },
    ];
    for (const row of rows) await given.transaction(context.app, user, row);
    // March: both have a budget (they add up); April: only Pets (it moves).
    await given.budget(context.app, user, { category: 'Pets', amount: 100, month: 3, year: 2026 });
    await given.budget(context.app, user, {
      category: 'Animals',
      amount: 50,
      month: 3,
      year: 2026,
      rollover: true,
    });
    await given.budget(context.app, user, { category: 'Pets', amount: 20, month: 4, year: 2026 });

    const response = await call(user, 'PUT', '/api/categories', { from: 'Pets', to: 'Animals' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      name: 'Animals',
      isIncome: false,
      merged: true,
      moved: { transactions: 3, budgets: 2, rules: 0, recurring: 0 },
    });

    // What the rows say, computed here.
    const merged = rows.map((row) =>
      row.category === 'Pets' ? { ...row, category: 'Animals' } : row,
    );
    const expenses = merged.filter((row) => !row.isIncome);
    const sumOf = (list: Row[]) =>
      Math.round(list.reduce((sum, row) => sum + row.cost * 100, 0)) / 100;
    const animals = expenses.filter((row) => row.category === 'Animals');

    const summary = await ok<{ totalExpenses: number; totalIncome: number }>(
      user,
      'GET',
      '/api/transactions/summary',
    );
    expect(summary.totalExpenses).toBe(sumOf(expenses));
    expect(summary.totalIncome).toBe(1000);
    const charts = await ok<ChartData>(
      user,
      'GET',
      '/api/transactions/charts?from=2026-03-01&to=2026-04-30',
    );
    expect(charts.expensesByCategory).toEqual(
      expect.arrayContaining([
        { name: 'Animals', total: sumOf(animals) },
        { name: 'Food', total: 3 },
      ]),
    );
    expect(charts.expensesByCategory.map((entry) => entry.name)).not.toContain('Pets');
    const march9 = charts.expensesOverTime.find((point) => point.date === '2026-03-09');
    expect(march9?.total).toBe(sumOf(expenses.filter((row) => row.addedOn === '2026-03-09')));

    const march = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(
      march.map((budget) => [budget.category, budget.amount, budget.rollover, budget.spent]),
    ).toEqual([
      ['Animals', 150, true, sumOf(animals.filter((row) => row.addedOn.startsWith('2026-03')))],
    ]);
    const april = await ok<Budget[]>(user, 'GET', '/api/budgets?month=4&year=2026');
    expect(april.map((budget) => [budget.category, budget.amount, budget.spent])).toEqual([
      ['Animals', 20, 7.25],
    ]);

    const all = await managed(user);
    expect(all.find((category) => category.name === 'Pets')).toBeUndefined();
    expect(all.find((category) => category.name === 'Animals')?.transactionCount).toBe(4);
    const search = await ok<{ transactions: unknown[] }>(
      user,
      'GET',
      '/api/transactions?search=animals',
    );
    expect(search.transactions).toHaveLength(4);
  });

  it('merges a built-in into another category: its rows move, the built-in stays', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Milk',
      category: 'Groceries',
      cost: 2,
      addedOn: '2026-03-02',
    });
    await given.budget(context.app, user, {
      category: 'Groceries',
      amount: 80,
      month: 3,
      year: 2026,
    });
    const response = await ok<CategoryChangeResult>(user, 'PUT', '/api/categories', {
      from: 'Groceries',
      to: 'Food',
    });
    expect(response).toMatchObject({ merged: true, moved: { transactions: 1, budgets: 1 } });
    expect(await listed(user, 'expense')).toContain('Groceries');
    const budgets = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(budgets.map((budget) => [budget.category, budget.spent])).toEqual([['Food', 2]]);
  });

  it('merges income categories without touching expenses or budgets of the same name', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Tip',
      category: 'Extra',
      cost: 5,
      addedOn: '2026-03-02',
      isIncome: true,
    });
    await given.transaction(context.app, user, {
      name: 'Gift',
      category: 'Extra',
      cost: 9,
      addedOn: '2026-03-02',
    });
    await given.budget(context.app, user, { category: 'Extra', amount: 10, month: 3, year: 2026 });
    const response = await ok<CategoryChangeResult>(user, 'PUT', '/api/categories', {
      from: 'Extra',
      to: 'Gifts',
      isIncome: true,
    });
    expect(response.moved).toEqual({ transactions: 1, budgets: 0, rules: 0, recurring: 0 });
    expect(await listed(user, 'income')).not.toContain('Extra');
    expect(await listed(user, 'expense')).toContain('Extra');
    const budgets = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(budgets.map((budget) => [budget.category, budget.spent])).toEqual([['Extra', 9]]);
  });
});

describe('PUT /api/categories/hidden', () => {
  it('hides a built-in from the pickers; its rows keep it and new ones may still use it', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.transaction(context.app, user, {
      name: 'Bus',
      category: 'Transportation',
      cost: 2,
      addedOn: '2026-03-02',
    });
    const hidden = await call(user, 'PUT', '/api/categories/hidden', {
      name: 'Transportation',
      hidden: true,
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ name: 'Transportation', isIncome: false, hidden: true });
    expect(await listed(user, 'expense')).not.toContain('Transportation');
    expect(await listed(user, '')).not.toContain('Transportation');
    expect((await managed(user)).find((entry) => entry.name === 'Transportation')).toMatchObject({
      hidden: true,
      transactionCount: 1,
    });
    const page = await ok<{ transactions: { category: string }[] }>(
      user,
      'GET',
      '/api/transactions',
    );
    expect(page.transactions[0]?.category).toBe('Transportation');
    await given.transaction(context.app, user, {
      name: 'Train',
      category: 'Transportation',
      cost: 9,
      addedOn: '2026-03-03',
    });

    await ok(user, 'PUT', '/api/categories/hidden', { name: 'Transportation', hidden: false });
    expect(await listed(user, 'expense')).toContain('Transportation');
  });

  it('keeps a renamed category hidden, and answers 404 and 400 changing nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.category(context.app, user, { name: 'Pets' });
    await ok(user, 'PUT', '/api/categories/hidden', { name: 'Pets', hidden: true });
    await ok(user, 'PUT', '/api/categories', { from: 'Pets', to: 'Animals' });
    expect((await managed(user)).find((entry) => entry.name === 'Animals')?.hidden).toBe(true);

    const other = await signUp(context.app, { setup: true });
    await given.category(context.app, other, { name: 'Hobby' });
    const before = await snapshot(user);
    const otherBefore = await snapshot(other);
    for (const body of [
      { name: 'Hobby', hidden: true },
      { name: 'Animals', isIncome: true, hidden: true },
    ]) {
      const response = await call(user, 'PUT', '/api/categories/hidden', body);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('CATEGORY_NOT_FOUND');
    }
    for (const body of [
      {},
      { name: 'Animals' },
      { name: 'Animals', hidden: 'yes' },
      { hidden: true },
    ]) {
      const response = await call(user, 'PUT', '/api/categories/hidden', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot(user)).toEqual(before);
    expect(await snapshot(other)).toEqual(otherBefore);
  });

  it('forgets that a deleted custom category was hidden', async () => {
    const user = await signUp(context.app, { setup: true });
    await given.category(context.app, user, { name: 'Pets' });
    await ok(user, 'PUT', '/api/categories/hidden', { name: 'Pets', hidden: true });
    await ok(user, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Pets' });
    await given.category(context.app, user, { name: 'Pets' });
    expect(await listed(user, 'expense')).toContain('Pets');
  });
});
