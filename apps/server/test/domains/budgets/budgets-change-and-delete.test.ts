// Budgets changed and deleted, and what deleting a category or an account does to them.
import { describe, expect, it } from 'vitest';
import { given } from '../../support/given';
import { signUp } from '../../test-app';
import { budget, budgetRow, call, context, item, listBudgets } from './budgets-setup';

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
