// Rollover (docs/api.md, Budgets) through HTTP: budgets that carry what is left (or overspent) from
// month to month, the month's totals row, and copying a month's budgets to another.
import type { Budget, BudgetInput, BudgetSummary } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

const NOW = new Date('2026-03-15T12:00:00.000Z');

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await context.close();
});

type Payload = Record<string, unknown>;

const createBudget = (
  user: SignedUpUser,
  payload: Partial<BudgetInput> & Pick<BudgetInput, 'month'>,
) =>
  given.budget(context.app, user, {
    category: 'Food',
    amount: 100,
    year: 2026,
    ...payload,
  });

async function expense(user: SignedUpUser, cost: number, addedOn: string, extra: Payload = {}) {
  await given.transaction(context.app, user, {
    name: 'Item',
    category: 'Food',
    isIncome: false,
    cost,
    addedOn,
    ...extra,
  });
}

/** The Food budget of a month, as the month's page reads it. */
async function food(user: SignedUpUser, month: number, year = 2026) {
  const budgets = await ok<Budget[]>(user, 'GET', `/api/budgets?month=${month}&year=${year}`);
  const found = budgets.find((budget) => budget.category === 'Food');
  if (!found) throw new Error(`no Food budget in ${month}/${year}`);
  return {
    carried: found.carried,
    available: found.available,
    spent: found.spent,
    remaining: found.remaining,
    percent: found.percent,
  };
}

/**
 * What docs/api.md (Budgets, Rollover) says a month shows, computed here from amounts and spending.
 */
function expected(amount: number, carried: number, spent: number) {
  const available = amount + carried;
  return {
    carried,
    available,
    spent,
    remaining: Math.round((available - spent) * 100) / 100,
    percent: available > 0 ? Math.round((spent / available) * 100) : spent > 0 ? 100 : 0,
  };
}

describe('rollover', () => {
  it('chains three months: overspending carries a negative amount, saving a positive one', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1, rollover: true });
    const february = await createBudget(user, { month: 2, rollover: true });
    await createBudget(user, { month: 3, rollover: true });
    await expense(user, 130, '2026-01-10');
    await expense(user, 20, '2026-02-03');
    await expense(user, 45.5, '2026-03-02');

    // January starts the chain (no budget in December): 100 − 130 = −30 is carried.
    expect(await food(user, 1)).toEqual(expected(100, 0, 130));
    expect(await food(user, 2)).toEqual(expected(100, -30, 20));
    // February saved: 70 − 20 = 50 comes into March.
    expect(await food(user, 3)).toEqual(expected(100, 50, 45.5));
    expect((await food(user, 3)).remaining).toBe(104.5);

    // A change to the first month flows to the third at once.
    await ok(user, 'PUT', `/api/budgets/${january._id}`, {
      category: 'Food',
      amount: 150,
      month: 1,
      year: 2026,
    });
    expect(await food(user, 2)).toEqual(expected(100, 20, 20));
    expect(await food(user, 3)).toEqual(expected(100, 100, 45.5));

    // So does an old expense.
    await expense(user, 12.25, '2026-01-31');
    expect(await food(user, 3)).toEqual(expected(100, 87.75, 45.5));

    // The update kept `rollover` (left out of the body); turning February's off breaks the chain
    // there: February carries nothing, March carries February's own 100 − 20.
    const off = await ok<Budget>(user, 'PUT', `/api/budgets/${february._id}`, {
      category: 'Food',
      amount: 100,
      month: 2,
      year: 2026,
      rollover: false,
    });
    expect(off).toMatchObject({ rollover: false, carried: 0, available: 100, remaining: 80 });
    expect(await food(user, 3)).toEqual(expected(100, 80, 45.5));

    // Every month at once, as GET without a month answers it.
    const all = await ok<Budget[]>(user, 'GET', '/api/budgets');
    expect(all.map((budget) => [budget.month, budget.carried])).toEqual([
      [3, 80],
      [2, 0],
      [1, 0],
    ]);
  });

  it('carries nothing across a month without a budget, and nothing without rollover', async () => {
    const user = await signUp(context.app, { setup: true });
    await createBudget(user, { month: 1 });
    await createBudget(user, { month: 3, rollover: true });
    await createBudget(user, { month: 4 });
    await expense(user, 10, '2026-01-05');
    await expense(user, 30, '2026-03-05');
    expect(await food(user, 3)).toEqual(expected(100, 0, 30));
    expect(await food(user, 4)).toEqual(expected(100, 0, 0));
  });

  it('carries an expense in another currency at its own day’s rate', async () => {
    const user = await signUp(context.app, { setup: true });
    await ok(user, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-01-20', rate: 1.25 });
    await createBudget(user, { month: 1 });
    await createBudget(user, { month: 2, rollover: true });
    await expense(user, 40, '2026-01-20', { currency: 'EUR' });
    // One without a rate is left out, and said.
    await expense(user, 5, '2026-01-02', { currency: 'GBP' });
    const february = await ok<Budget[]>(user, 'GET', '/api/budgets?month=2&year=2026');
    expect(february[0]).toMatchObject({ carried: 50, available: 150, unconverted: 1 });
  });

  it('is exactly 100 % when all is spent, and more once overspent', async () => {
    const user = await signUp(context.app, { setup: true });
    await createBudget(user, { category: 'Bills', amount: 900, month: 3 });
    await expense(user, 900, '2026-03-01', { category: 'Bills' });
    const [rent] = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(rent).toMatchObject({ percent: 100, remaining: 0 });
  });

  it('answers 400 for a rollover that is not a boolean', async () => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'POST', '/api/budgets', {
      category: 'Food',
      amount: 1,
      month: 1,
      year: 2026,
      rollover: 'yes',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/budgets/summary', () => {
  it('adds up the month and puts its income beside it', async () => {
    const user = await signUp(context.app, { setup: true });
    await createBudget(user, { month: 2 });
    await createBudget(user, { month: 3, rollover: true });
    await createBudget(user, { category: 'Bills', amount: 50, month: 3 });
    await expense(user, 60, '2026-02-10');
    await expense(user, 70, '2026-03-10');
    await expense(user, 55, '2026-03-11', { category: 'Bills' });
    // Not budgeted: not in `spent`.
    await expense(user, 9, '2026-03-12', { category: 'Shopping' });
    await given.transaction(context.app, user, {
      name: '',
      category: 'Salary',
      isIncome: true,
      cost: 2500,
      addedOn: '2026-03-01',
    });
    await given.transaction(context.app, user, {
      name: '',
      category: 'Salary',
      isIncome: true,
      cost: 2400,
      addedOn: '2026-02-01',
    });
    const summary = await ok<BudgetSummary>(user, 'GET', '/api/budgets/summary?month=3&year=2026');
    expect(summary).toEqual({
      budgeted: 150,
      spent: 125,
      available: 190,
      remaining: 65,
      income: 2500,
      unconverted: 0,
    });
  });

  it('is all zeros for a month without budgets, and 400 without a month', async () => {
    const user = await signUp(context.app, { setup: true });
    expect(await ok(user, 'GET', '/api/budgets/summary?month=7&year=2026')).toEqual({
      budgeted: 0,
      spent: 0,
      available: 0,
      remaining: 0,
      income: 0,
      unconverted: 0,
    });
    expect((await call(user, 'GET', '/api/budgets/summary?month=7')).statusCode).toBe(400);
  });
});

describe('POST /api/budgets/copy', () => {
  const copy = (user: SignedUpUser, payload: Payload) =>
    call(user, 'POST', '/api/budgets/copy', {
      fromMonth: 2,
      fromYear: 2026,
      toMonth: 3,
      toYear: 2026,
      ...payload,
    });

  it('creates only the categories the target month lacks, with amount and rollover', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await createBudget(user, { month: 2, amount: 100, rollover: true });
    await createBudget(user, { month: 2, category: 'Bills', amount: 900 });
    await createBudget(user, { month: 2, category: 'Pets', amount: 40 });
    await createBudget(user, { month: 3, category: 'Bills', amount: 950 });
    await createBudget(other, { month: 2, category: 'Gym', amount: 30 });

    const response = await copy(user, {});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ created: 2 });
    const march = await ok<Budget[]>(user, 'GET', '/api/budgets?month=3&year=2026');
    expect(march.map((budget) => [budget.category, budget.amount, budget.rollover])).toEqual([
      ['Bills', 950, false],
      ['Food', 100, true],
      ['Pets', 40, false],
    ]);

    // Again: every category is there.
    const again = await copy(user, {});
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ created: 0 });
    // The other user's month is not copied, nor touched.
    expect(await ok<Budget[]>(other, 'GET', '/api/budgets?month=3&year=2026')).toEqual([]);
  });

  it('copies across a year end', async () => {
    const user = await signUp(context.app, { setup: true });
    await createBudget(user, { month: 12, year: 2025 });
    const response = await copy(user, { fromMonth: 12, fromYear: 2025, toMonth: 1, toYear: 2026 });
    expect(response.json()).toEqual({ created: 1 });
  });

  it.each([
    ['a month with nothing', {}, 'NO_BUDGETS_TO_COPY'],
    ['the same month', { toMonth: 2 }, 'VALIDATION'],
    ['a month out of range', { toMonth: 13 }, 'VALIDATION'],
    ['a missing year', { fromYear: undefined }, 'VALIDATION'],
  ])('answers 400 for %s', async (_name, payload, code) => {
    const user = await signUp(context.app, { setup: true });
    const response = await copy(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });
});
