// "Repeat every month" on a budget (docs/api.md, Budgets) through HTTP on a real PostgreSQL: a
// budget with `repeat` carries on into later months without a budget of their own, rollover chains
// through those months, a later budget overrides it, an edit or a delete in a later month keeps the
// earlier months, and bad input or another user's id changes nothing.
import type { Budget, BudgetInput, BudgetSummary } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ now: () => new Date('2026-03-15T12:00:00.000Z') });
});
afterAll(async () => {
  await context.close();
});

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

async function expense(user: SignedUpUser, cost: number, addedOn: string, category = 'Food') {
  await given.transaction(context.app, user, {
    name: 'Item',
    category,
    isIncome: false,
    cost,
    addedOn,
  });
}

const monthOf = (user: SignedUpUser, month: number, year = 2026) =>
  ok<Budget[]>(user, 'GET', `/api/budgets?month=${month}&year=${year}`);

/** The Food budget a month shows, or undefined. */
async function food(user: SignedUpUser, month: number, year = 2026) {
  return (await monthOf(user, month, year)).find((budget) => budget.category === 'Food');
}

/** Every budget the user has, as stored (the list without a month). */
const stored = (user: SignedUpUser) => ok<Budget[]>(user, 'GET', '/api/budgets');

describe('repeat every month: carrying on and overriding', () => {
  it('carries a budget on over three later months, rollover chaining through them', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1, repeat: true, rollover: true });
    expect(january).toMatchObject({ repeat: true, rollover: true, repeatedFrom: null });
    await expense(user, 130, '2026-01-10');
    await expense(user, 20, '2026-02-03');
    await expense(user, 45.5, '2026-03-02');
    await expense(user, 10, '2026-04-28');

    // Computed here: each month has 100 and takes in what the month before left.
    const spent = [130, 20, 45.5, 10];
    let carried = 0;
    for (const [offset, spentThere] of spent.entries()) {
      const month = offset + 1;
      const budget = await food(user, month);
      const available = 100 + carried;
      const remaining = Math.round((available - spentThere) * 100) / 100;
      expect(budget).toEqual({
        _id: january._id,
        category: 'Food',
        amount: 100,
        month,
        year: 2026,
        rollover: true,
        repeat: true,
        repeatedFrom: month === 1 ? null : { month: 1, year: 2026 },
        carried,
        available,
        spent: spentThere,
        remaining,
        percent: Math.round((spentThere / available) * 100),
        unconverted: 0,
      });
      carried = remaining;
    }
    // April's carried is −30 + 80 + 54.5 = 104.5.
    expect((await food(user, 4))!.carried).toBe(104.5);
    // A year later the budget still repeats: April left 194.5, and May to December (8 months
    // without spending) add 100 each.
    expect(await food(user, 1, 2027)).toMatchObject({ amount: 100, carried: 994.5, spent: 0 });
    // Nothing is written on read: the user still has one budget.
    expect((await stored(user)).map((budget) => budget._id)).toEqual([january._id]);
    // The month before does not show it.
    expect(await food(user, 12, 2025)).toBeUndefined();

    // The month's totals count the repeated budget.
    const summary = await ok<BudgetSummary>(user, 'GET', '/api/budgets/summary?month=3&year=2026');
    expect(summary).toMatchObject({ budgeted: 100, spent: 45.5, available: 150, remaining: 104.5 });
  });

  it('without repeat, a budget stays in its own month (as before)', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1 });
    expect(january).toMatchObject({ repeat: false, repeatedFrom: null });
    expect(await food(user, 2)).toBeUndefined();
    // And rollover does not reach over a month without a budget (a gap still breaks the chain).
    await createBudget(user, { month: 3, rollover: true });
    expect(await food(user, 3)).toMatchObject({ carried: 0, available: 100 });
  });

  it('a later budget of the category overrides the repeat and decides itself whether to repeat', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1, repeat: true });
    const april = await createBudget(user, { month: 4, amount: 250 });
    await expense(user, 40, '2026-05-05');

    expect((await food(user, 3))!).toMatchObject({ _id: january._id, amount: 100 });
    expect((await food(user, 4))!).toMatchObject({
      _id: april._id,
      amount: 250,
      repeat: false,
      repeatedFrom: null,
    });
    // April does not repeat: May shows nothing, though January repeats.
    expect(await food(user, 5)).toBeUndefined();

    // April turned to repeat: May shows April's 250, with May's spending.
    await ok(user, 'PUT', `/api/budgets/${april._id}`, {
      category: 'Food',
      amount: 250,
      month: 4,
      year: 2026,
      repeat: true,
    });
    expect(await food(user, 5)).toMatchObject({
      _id: april._id,
      amount: 250,
      spent: 40,
      remaining: 210,
      repeatedFrom: { month: 4, year: 2026 },
    });
    // Other categories are not touched by Food's repeat.
    await createBudget(user, { category: 'Bills', month: 5, amount: 60 });
    expect((await monthOf(user, 5)).map((budget) => [budget.category, budget.amount])).toEqual([
      ['Bills', 60],
      ['Food', 250],
    ]);
  });
});

describe('repeat every month: edits, deletes and copies', () => {
  it('an edit in a later month sets that month from then on; the earlier months keep theirs', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1, repeat: true });

    // The web edits March as March shows it: the repeating budget's id, March as the month.
    const march = await ok<Budget>(user, 'PUT', `/api/budgets/${january._id}`, {
      category: 'Food',
      amount: 180,
      month: 3,
      year: 2026,
    });
    expect(march._id).not.toBe(january._id);
    expect(march).toMatchObject({ amount: 180, month: 3, repeat: true, repeatedFrom: null });
    expect(await food(user, 1)).toMatchObject({ _id: january._id, amount: 100 });
    expect(await food(user, 2)).toMatchObject({ _id: january._id, amount: 100 });
    expect(await food(user, 3)).toMatchObject({ _id: march._id, amount: 180 });
    expect(await food(user, 6)).toMatchObject({
      _id: march._id,
      amount: 180,
      repeatedFrom: { month: 3, year: 2026 },
    });
    // An edit in the budget's own month is an update as always.
    await ok(user, 'PUT', `/api/budgets/${january._id}`, {
      category: 'Food',
      amount: 90,
      month: 1,
      year: 2026,
    });
    expect(await food(user, 2)).toMatchObject({ _id: january._id, amount: 90, repeat: true });
    expect((await stored(user)).length).toBe(2);
  });

  it('a delete in a later month stops the repeat from that month; a delete of the budget removes it', async () => {
    const user = await signUp(context.app, { setup: true });
    const january = await createBudget(user, { month: 1, repeat: true, rollover: true });
    await expense(user, 60, '2026-02-10');

    const stop = await call(user, 'DELETE', `/api/budgets/${january._id}?month=4&year=2026`);
    expect(stop.statusCode).toBe(200);
    // February and March keep showing 100 (now budgets of their own), the rollover chain intact.
    expect(await food(user, 2)).toMatchObject({ amount: 100, carried: 100, spent: 60 });
    expect(await food(user, 3)).toMatchObject({ amount: 100, carried: 140, repeatedFrom: null });
    expect(await food(user, 4)).toBeUndefined();
    expect(await food(user, 9)).toBeUndefined();
    expect(await food(user, 1)).toMatchObject({ _id: january._id, repeat: false });

    // A month the budget is not shown in any more is a 404, and changes nothing.
    const again = await call(user, 'DELETE', `/api/budgets/${january._id}?month=5&year=2026`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'BUDGET_NOT_FOUND' });
    expect((await stored(user)).length).toBe(3);

    // Deleting the repeating budget itself removes it from every month it repeated into.
    const other = await signUp(context.app, { setup: true });
    const origin = await createBudget(other, { month: 6, repeat: true });
    await ok(other, 'DELETE', `/api/budgets/${origin._id}`);
    expect(await food(other, 6)).toBeUndefined();
    expect(await food(other, 8)).toBeUndefined();
    expect(await stored(other)).toEqual([]);
  });

  it('copying a month copies what it shows, repeated budgets too, and skips what the target shows', async () => {
    const user = await signUp(context.app, { setup: true });
    await createBudget(user, { month: 1, repeat: true });
    await createBudget(user, { category: 'Bills', month: 3, amount: 70 });
    // March shows Food (repeated) and Bills; May shows Food (repeated) and lacks Bills.
    const copied = await ok<{ created: number }>(user, 'POST', '/api/budgets/copy', {
      fromMonth: 3,
      fromYear: 2026,
      toMonth: 5,
      toYear: 2026,
    });
    expect(copied).toEqual({ created: 1 });
    expect((await monthOf(user, 5)).map((budget) => [budget.category, budget.amount])).toEqual([
      ['Bills', 70],
      ['Food', 100],
    ]);
    // A month showing only a repeated budget has something to copy.
    const fromRepeated = await ok<{ created: number }>(user, 'POST', '/api/budgets/copy', {
      fromMonth: 2,
      fromYear: 2026,
      toMonth: 12,
      toYear: 2025,
    });
    expect(fromRepeated).toEqual({ created: 1 });
    expect(await food(user, 12, 2025)).toMatchObject({ amount: 100, repeat: true });
  });
});

describe('repeat every month: refusals', () => {
  it("answers 404 for another user's budget and 400 for a repeat that is not a boolean, changing nothing", async () => {
    const owner = await signUp(context.app, { setup: true });
    const intruder = await signUp(context.app, { setup: true });
    const january = await createBudget(owner, { month: 1, repeat: true });
    const before = await stored(owner);

    const edit = await call(intruder, 'PUT', `/api/budgets/${january._id}`, {
      category: 'Food',
      amount: 5,
      month: 3,
      year: 2026,
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json()).toMatchObject({ code: 'BUDGET_NOT_FOUND' });
    const stop = await call(intruder, 'DELETE', `/api/budgets/${january._id}?month=3&year=2026`);
    expect(stop.statusCode).toBe(404);
    expect(await monthOf(intruder, 3)).toEqual([]);

    for (const repeat of ['yes', 'true', 1, null, {}]) {
      const created = await call(owner, 'POST', '/api/budgets', {
        category: 'Bills',
        amount: 10,
        month: 2,
        year: 2026,
        repeat,
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({ code: 'VALIDATION' });
      const updated = await call(owner, 'PUT', `/api/budgets/${january._id}`, {
        category: 'Food',
        amount: 10,
        month: 1,
        year: 2026,
        repeat,
      });
      expect(updated.statusCode).toBe(400);
    }
    for (const query of ['month=3', 'month=13&year=2026', 'month=3&year=1999', 'month=x&year=y']) {
      const bad = await call(owner, 'DELETE', `/api/budgets/${january._id}?${query}`);
      expect(bad.statusCode).toBe(400);
    }
    // Before the budget's own month it is not shown: 404.
    const earlier = await call(owner, 'DELETE', `/api/budgets/${january._id}?month=12&year=2025`);
    expect(earlier.statusCode).toBe(404);
    // A later month that has its own budget already: 409 on an edit there.
    await createBudget(owner, { month: 4, amount: 30 });
    const taken = await call(owner, 'PUT', `/api/budgets/${january._id}`, {
      category: 'Food',
      amount: 10,
      month: 4,
      year: 2026,
    });
    expect(taken.statusCode).toBe(409);
    const after = await stored(owner);
    expect(after.filter((budget) => budget.month !== 4)).toEqual(before);
  });
});
