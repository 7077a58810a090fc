// Transactions listed, changed, deleted in bulk and kept apart between users, and the totals
// the database keeps through all of it.
import { type Transaction, todayIn } from '@moneta/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SignedUpUser, signUp } from '../../test-app';
import { call, context, create, expense, list } from './transactions-setup';

describe('GET /api/transactions', () => {
  let user: SignedUpUser;
  beforeAll(async () => {
    user = await signUp(context.app, { setup: true });
    // 25 transactions over 25 days; every fifth is an income.
    for (let day = 1; day <= 25; day++) {
      const date = `2026-01-${String(day).padStart(2, '0')}`;
      await create(
        user,
        day % 5 === 0
          ? { name: `Pay ${day}`, category: 'Salary', cost: 100, addedOn: date, isIncome: true }
          : expense({
              name: `Lunch ${day}`,
              category: day % 2 ? 'Food' : 'Bills',
              cost: day,
              addedOn: date,
              note: day === 7 ? 'Team LUNCH with 50% discount' : '',
            }),
      );
    }
  });

  it('pages by 10, newest first, with the page arithmetic', async () => {
    const first = await list(user);
    expect(first).toMatchObject({ totalPages: 3, currentPage: 1, total: 25 });
    expect(first.transactions).toHaveLength(10);
    expect(first.transactions.map((transaction) => transaction.addedOn)).toEqual(
      Array.from({ length: 10 }, (_, index) => `2026-01-${String(25 - index).padStart(2, '0')}`),
    );
    const third = await list(user, '?page=3');
    expect(third.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-05',
      '2026-01-04',
      '2026-01-03',
      '2026-01-02',
      '2026-01-01',
    ]);
    expect((await list(user, '?page=4')).transactions).toEqual([]);
    expect((await list(user, '?limit=25')).totalPages).toBe(1);
    expect((await list(user, '?limit=7')).totalPages).toBe(4);
  });

  it('orders same-day transactions by creation, newest first', async () => {
    const sameDay = await signUp(context.app, { setup: true });
    const older = await create(sameDay, expense({ name: 'First' }));
    const newer = await create(sameDay, expense({ name: 'Second' }));
    expect((await list(sameDay)).transactions.map((transaction) => transaction._id)).toEqual([
      newer._id,
      older._id,
    ]);
  });

  it('filters by type, category and an inclusive date range', async () => {
    const incomes = await list(user, '?isIncome=true&limit=100');
    expect(incomes.total).toBe(5);
    expect(incomes.transactions.every((transaction) => transaction.isIncome)).toBe(true);
    const expenses = await list(user, '?isIncome=false&limit=100');
    expect(expenses.total).toBe(20);
    const bills = await list(user, '?category=Bills&limit=100');
    expect(bills.transactions.every((transaction) => transaction.category === 'Bills')).toBe(true);
    expect(bills.total).toBe(10);
    const range = await list(user, '?startDate=2026-01-10&endDate=2026-01-12');
    expect(range.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-12',
      '2026-01-11',
      '2026-01-10',
    ]);
    const combined = await list(
      user,
      '?isIncome=false&category=Food&startDate=2026-01-01&endDate=2026-01-09',
    );
    expect(combined.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-01-09',
      '2026-01-07',
      '2026-01-03',
      '2026-01-01',
    ]);
  });

  it('searches name, category and note without regard to case', async () => {
    expect((await list(user, '?search=lunch 1&limit=100')).total).toBe(9); // Lunch 1, 11–14, 16–19
    expect((await list(user, '?search=SALARY')).total).toBe(5);
    const byNote = await list(user, '?search=team lunch');
    expect(byNote.transactions.map((transaction) => transaction.name)).toEqual(['Lunch 7']);
    // Wildcards are literal text.
    expect((await list(user, '?search=50%25')).total).toBe(1);
    expect((await list(user, '?search=%25')).total).toBe(1);
    expect((await list(user, '?search=_')).total).toBe(0);
    // A term never matches across two fields.
    expect((await list(user, '?search=7food')).total).toBe(0);
  });

  it.each([
    ['?page=0', 'page must be a whole number of at least 1.'],
    ['?page=abc', 'page must be a whole number of at least 1.'],
    ['?page=1.5', 'page must be a whole number of at least 1.'],
    ['?limit=0', 'limit must be a whole number from 1 to 100.'],
    ['?limit=101', 'limit must be a whole number from 1 to 100.'],
    ['?isIncome=maybe', 'isIncome must be true or false.'],
    ['?startDate=2026-13-01', 'Please enter a valid date (YYYY-MM-DD).'],
    ['?startDate=2026-02-01&endDate=2026-01-01', 'startDate must not be after endDate.'],
    [`?search=${'x'.repeat(201)}`, 'search must be at most 200 characters long.'],
  ])('rejects %s with 400', async (query, message) => {
    const response = await call(user, 'GET', `/api/transactions${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('treats empty filter values as no filter', async () => {
    expect((await list(user, '?search=&isIncome=&category=&startDate=&endDate=')).total).toBe(25);
  });
});

describe('PUT and DELETE /api/transactions/:id', () => {
  it('updates every field and answers with the updated transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const original = await create(user, expense());
    const response = await call(user, 'PUT', `/api/transactions/${original._id}`, {
      name: '',
      category: 'Freelance / Side Gig',
      cost: 99.99,
      addedOn: '2026-04-01',
      isIncome: true,
      note: 'invoice 7',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      _id: original._id,
      name: 'Freelance / Side Gig Income',
      category: 'Freelance / Side Gig',
      cost: 99.99,
      addedOn: '2026-04-01',
      isIncome: true,
      note: 'invoice 7',
    });
    expect(new Date(response.json().updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(original.updatedAt).getTime(),
    );
  });

  it('rejects an invalid update and leaves the transaction as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const original = await create(user, expense());
    const response = await call(
      user,
      'PUT',
      `/api/transactions/${original._id}`,
      expense({ cost: -1 }),
    );
    expect(response.statusCode).toBe(400);
    expect((await list(user)).transactions[0]).toMatchObject({ cost: 3.5 });
  });

  it('deletes a transaction; deleting it again is a 404', async () => {
    const user = await signUp(context.app, { setup: true });
    const doomed = await create(user, expense());
    const response = await call(user, 'DELETE', `/api/transactions/${doomed._id}`);
    expect(response.statusCode).toBe(200);
    expect((await list(user)).total).toBe(0);
    expect((await call(user, 'DELETE', `/api/transactions/${doomed._id}`)).statusCode).toBe(404);
  });

  it.each(['not-a-uuid', '00000000-0000-0000-0000-000000000000', '%27%20OR%201%3D1'])(
    'answers 404 for the id %s',
    async (id) => {
      const user = await signUp(context.app, { setup: true });
      expect((await call(user, 'PUT', `/api/transactions/${id}`, expense())).statusCode).toBe(404);
      expect((await call(user, 'DELETE', `/api/transactions/${id}`)).statusCode).toBe(404);
    },
  );
});

describe('isolation between users', () => {
  it("hides one user's transactions from another in every call", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const today = todayIn('UTC');
    const secret = await create(
      alice,
      expense({ name: 'Secret gift', category: 'Surprises', cost: 500, addedOn: today }),
    );

    expect((await call(bob, 'PUT', `/api/transactions/${secret._id}`, expense())).statusCode).toBe(
      404,
    );
    expect((await call(bob, 'DELETE', `/api/transactions/${secret._id}`)).statusCode).toBe(404);
    expect(
      (await call(bob, 'DELETE', '/api/transactions/bulk', { transactionIds: [secret._id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(bob, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Surprises' }))
        .statusCode,
    ).toBe(404);
    expect((await list(bob, '?search=secret')).total).toBe(0);
    expect((await call(bob, 'GET', '/api/transactions/summary')).json()).toMatchObject({
      totalExpenses: 0,
      recentTransactions: [],
    });
    expect((await call(bob, 'GET', '/api/transactions/charts')).json().expensesByCategory).toEqual(
      [],
    );
    expect((await call(bob, 'GET', '/api/transactions/export')).body).not.toContain('Secret');
    expect((await call(bob, 'GET', '/api/transactions/categories')).json()).not.toContain(
      'Surprises',
    );
    // Alice's row is unchanged.
    expect((await list(alice)).transactions[0]).toMatchObject({
      _id: secret._id,
      name: 'Secret gift',
      cost: 500,
    });
  });
});

describe('DELETE /api/transactions/bulk', () => {
  it('deletes all the given transactions', async () => {
    const user = await signUp(context.app, { setup: true });
    const kept = await create(user, expense({ name: 'Keep' }));
    const doomed = [await create(user, expense()), await create(user, expense())];
    const response = await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: doomed.map((transaction) => transaction._id),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().deletedCount).toBe(2);
    expect((await list(user)).transactions.map((transaction) => transaction._id)).toEqual([
      kept._id,
    ]);
  });

  it("deletes nothing when any id is not the user's", async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const mine = [await create(user, expense()), await create(user, expense())];
    const theirs = await create(other, expense());
    for (const foreign of [theirs._id, '00000000-0000-0000-0000-000000000000', 'garbage']) {
      const response = await call(user, 'DELETE', '/api/transactions/bulk', {
        transactionIds: [...mine.map((transaction) => transaction._id), foreign],
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await list(user)).total).toBe(2);
    expect((await list(other)).total).toBe(1);
  });

  it('counts a repeated id once', async () => {
    const user = await signUp(context.app, { setup: true });
    const one = await create(user, expense());
    const response = await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: [one._id, one._id],
    });
    expect(response.json().deletedCount).toBe(1);
  });

  it.each([
    [{ transactionIds: [] }, 'Select at least one transaction to delete.'],
    [
      {
        transactionIds: Array.from({ length: 1001 }, () => '00000000-0000-0000-0000-000000000000'),
      },
      'At most 1000 transactions can be deleted at once.',
    ],
    [{ transactionIds: 'abc' }, 'transactionIds must be a list of transaction ids.'],
    [{}, 'transactionIds must be a list of transaction ids.'],
  ])('rejects %j with 400', async (payload, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'DELETE', '/api/transactions/bulk', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('transaction_totals, transaction_search_counts and transaction_daily_totals', () => {
  it('stay equal to a fresh aggregate through every kind of change', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    const created: Transaction[] = [];
    for (let index = 0; index < 30; index++) {
      const owner = index % 3 === 0 ? other : user;
      const transaction = await create(
        owner,
        expense({
          category: ['Food', 'Bills', 'Pets'][index % 3],
          cost: index + 0.25,
          addedOn: `2026-03-0${(index % 5) + 1}`,
          isIncome: index % 4 === 0,
          // Repeated names and notes: several transactions share one search text.
          name: `T${index % 7}`,
          note: index % 2 === 0 ? 'Shared Note' : null,
        }),
      );
      if (owner === user) created.push(transaction);
    }
    await call(
      user,
      'PUT',
      `/api/transactions/${created[0]!._id}`,
      expense({ category: 'Pets', cost: 1000 }),
    );
    await call(user, 'PUT', `/api/transactions/${created[1]!._id}`, {
      category: 'Salary',
      cost: 5,
      addedOn: '2026-01-01',
      isIncome: true,
    });
    await call(user, 'DELETE', `/api/transactions/${created[2]!._id}`);
    await call(user, 'DELETE', '/api/transactions/bulk', {
      transactionIds: [created[3]!._id, created[4]!._id],
    });
    await call(user, 'DELETE', '/api/transactions/category', { categoryToDelete: 'Pets' });
    // The longest multi-byte texts still fit the kept counts' key (it holds a hash).
    await create(user, expense({ name: 'й'.repeat(100), note: '😀'.repeat(250) }));
    // …and the list index's entries: three-byte characters at every field's length limit.
    await create(
      user,
      expense({ name: '中'.repeat(100), category: '類'.repeat(50), note: '注'.repeat(500) }),
    );
    const doomed = await signUp(context.app, { setup: true });
    await create(doomed, expense());
    const {
      rows: [{ household_id: doomedHousehold }],
    } = await context.database.pool.query(
      'SELECT default_household_id AS household_id FROM users WHERE id = $1',
      [doomed.id],
    );
    await call(doomed, 'DELETE', '/api/users/account');

    const { rows: kept } = await context.database.pool.query(
      'SELECT household_id, is_income, category, transaction_count, sum_cents FROM transaction_totals ORDER BY 1, 2, 3',
    );
    const { rows: fresh } = await context.database.pool.query(
      `SELECT household_id, is_income, category, count(*)::bigint AS transaction_count, sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(kept).toEqual(fresh);
    expect(kept.some((row) => row.household_id === doomedHousehold)).toBe(false);
    const { rows: keptTexts } = await context.database.pool.query(
      `SELECT household_id, is_income, category, search_text, transaction_count
       FROM transaction_search_counts ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshTexts } = await context.database.pool.query(
      `SELECT household_id, is_income, category, search_text, count(*)::bigint AS transaction_count
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptTexts).toEqual(freshTexts);
    expect(keptTexts.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    const { rows: keptDays } = await context.database.pool.query(
      `SELECT household_id, added_on, is_income, category, transaction_count, sum_cents
       FROM transaction_daily_totals ORDER BY 1, 2, 3, 4`,
    );
    const { rows: freshDays } = await context.database.pool.query(
      `SELECT household_id, added_on, is_income, category, count(*)::bigint AS transaction_count,
              sum(cost_cents)::bigint AS sum_cents
       FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    );
    expect(keptDays).toEqual(freshDays);
    expect(keptDays.some((row) => Number(row.transaction_count) > 1)).toBe(true);
    expect(keptDays.some((row) => row.household_id === doomedHousehold)).toBe(false);

    // The list's page count and the summary read these totals.
    const all = await list(user, '?limit=100');
    expect(all.total).toBe(all.transactions.length);
    const food = await list(user, '?category=Food&isIncome=false&limit=100');
    expect(food.total).toBe(
      all.transactions.filter((row) => row.category === 'Food' && !row.isIncome).length,
    );
    // A search's page count comes from transaction_search_counts.
    const shared = await list(user, '?search=shared%20note&isIncome=false&limit=100');
    expect(shared.total).toBe(
      all.transactions.filter((row) => row.note === 'Shared Note' && !row.isIncome).length,
    );
    expect(shared.total).toBe(shared.transactions.length);
    expect(shared.total).toBeGreaterThan(1);
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    const sum = (isIncome: boolean) =>
      Math.round(
        all.transactions
          .filter((row) => row.isIncome === isIncome)
          .reduce((total, row) => total + row.cost * 100, 0),
      ) / 100;
    expect(summary.totalIncome).toBe(sum(true));
    expect(summary.totalExpenses).toBe(sum(false));
  });
});
