// Transactions: created, and their categories.
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { call, context, create, expense, list, rowCount } from './transactions-setup';

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
