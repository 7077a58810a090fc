// Recurring rules: created, and each frequency at month and year ends.
import type { Transaction } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import {
  call,
  context,
  counts,
  createRecurringRule,
  recordedDates,
  recurringRule,
  setToday,
} from './recurring-setup';

describe('POST /api/recurring/create', () => {
  it('creates a rule and answers 201 with it, due next after today', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = (await call(user, 'GET', '/api/accounts')).json<Array<{ _id: string }>>();
    const response = await call(
      user,
      'POST',
      '/api/recurring/create',
      recurringRule({ amount: 950.5 }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Rent',
      category: 'Bills',
      amount: 950.5,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-03-01',
      nextDueDate: '2026-04-01',
      // Fields the original client does not send: the first account, every month, no end.
      accountId: main!._id,
      interval: 1,
      endDate: null,
      note: null,
      isEnded: false,
    });
    const { rows } = await context.database.pool.query(
      'SELECT amount_cents, start_date FROM recurring_rules WHERE id = $1',
      [response.json()._id],
    );
    expect(rows[0]).toEqual({ amount_cents: 95050, start_date: '2026-03-01' });
  });

  it('records a daily rule that started three days ago at once: four transactions, today included', async () => {
    const user = await signUp(context.app, { setup: true });
    await call(user, 'POST', '/api/budgets', {
      category: 'Subscriptions',
      amount: 100,
      month: 3,
      year: 2026,
    });
    const created = await createRecurringRule(
      user,
      recurringRule({
        name: 'News',
        category: 'Subscriptions',
        amount: 2.5,
        frequency: 'daily',
        startDate: '2026-03-12',
      }),
    );
    expect(created.nextDueDate).toBe('2026-03-16');

    const page = (await call(user, 'GET', '/api/transactions')).json<{
      transactions: Transaction[];
      total: number;
    }>();
    expect(page.total).toBe(4);
    expect(page.transactions.map((transaction) => transaction.addedOn)).toEqual([
      '2026-03-15',
      '2026-03-14',
      '2026-03-13',
      '2026-03-12',
    ]);
    for (const transaction of page.transactions) {
      expect(transaction).toMatchObject({
        name: 'News',
        category: 'Subscriptions',
        cost: 2.5,
        isIncome: false,
        note: null,
        recurringId: created._id,
      });
    }
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    expect(summary).toMatchObject({ totalIncome: 0, totalExpenses: 10, balance: -10 });
    const [budget] = (await call(user, 'GET', '/api/budgets')).json();
    expect(budget).toMatchObject({ spent: 10, remaining: 90, percent: 10 });
  });

  it('records nothing for a rule starting after today', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ startDate: '2026-03-16', frequency: 'daily' }),
    );
    expect(created.nextDueDate).toBe('2026-03-16');
    expect(await recordedDates(created._id)).toEqual([]);
  });

  it('records an income rule, its custom category becoming an income category', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({
        name: 'Royalties',
        category: 'Books',
        isIncome: true,
        startDate: '2026-01-15',
      }),
    );
    expect(await recordedDates(created._id)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15']);
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    expect(summary).toMatchObject({ totalIncome: 2850, totalExpenses: 0 });
    expect((await call(user, 'GET', '/api/transactions/categories/income')).json()).toContain(
      'Books',
    );
    expect((await call(user, 'GET', '/api/transactions/categories/expense')).json()).not.toContain(
      'Books',
    );
  });
});

describe('POST /api/recurring/create with bad input', () => {
  it.each([
    ['a missing name', { name: undefined }, 'Please enter a name for the recurring transaction.'],
    ['a blank name', { name: '  ' }, 'Please enter a name for the recurring transaction.'],
    [
      'a 101-character name',
      { name: 'x'.repeat(101) },
      'Name must be at most 100 characters long.',
    ],
    ['a missing category', { category: undefined }, 'Please select a category.'],
    ['an empty category', { category: '' }, 'Please select a category.'],
    [
      'a 51-character category',
      { category: 'x'.repeat(51) },
      'Category must be at most 50 characters long.',
    ],
    ['a missing amount', { amount: undefined }, 'Please enter a valid amount greater than 0.'],
    ['a zero amount', { amount: 0 }, 'Please enter a valid amount greater than 0.'],
    ['amount -1', { amount: -1 }, 'Please enter a valid amount greater than 0.'],
    ['three decimals', { amount: 9.999 }, 'Please enter an amount with at most 2 decimals.'],
    [
      'three decimals as a string',
      { amount: '9.999' },
      'Please enter an amount with at most 2 decimals.',
    ],
    ['a grouped string', { amount: '1,000' }, 'Please enter a valid amount greater than 0.'],
    ['a string isIncome', { isIncome: 'no' }, 'isIncome must be true or false.'],
    ['a missing isIncome', { isIncome: undefined }, 'isIncome must be true or false.'],
    [
      'a bad frequency',
      { frequency: 'hourly' },
      'Frequency must be daily, weekly, monthly or annually.',
    ],
    [
      'a missing frequency',
      { frequency: undefined },
      'Frequency must be daily, weekly, monthly or annually.',
    ],
    ['an impossible date', { startDate: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
    ['another date format', { startDate: '15/03/2026' }, 'Please enter a valid date (YYYY-MM-DD).'],
    ['a missing start date', { startDate: undefined }, 'Please enter a valid date (YYYY-MM-DD).'],
    [
      'a start date before 2000',
      { startDate: '1999-12-31' },
      'The start date must be between 2000-01-01 and 2100-12-31.',
    ],
  ])('rejects %s with 400 and stores nothing', async (_case, overrides, message) => {
    const user = await signUp(context.app, { setup: true });
    const before = await counts();
    const response = await call(user, 'POST', '/api/recurring/create', recurringRule(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/recurring/create',
      payload: recurringRule(),
    });
    expect(response.statusCode).toBe(401);
    expect((await context.app.inject({ method: 'GET', url: '/api/recurring' })).statusCode).toBe(
      401,
    );
  });
});

describe('each frequency at month and year ends', () => {
  it('monthly from Jan 31 through a leap February: Feb 29, Mar 31, Apr 30', async () => {
    setToday('2024-05-15');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(user, recurringRule({ startDate: '2024-01-31' }));
    expect(await recordedDates(created._id)).toEqual([
      '2024-01-31',
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
    ]);
    expect(created.nextDueDate).toBe('2024-05-31');
  });

  it('monthly from Dec 31 into a common year: Jan 31, Feb 28, Mar 31', async () => {
    setToday('2026-03-31');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(user, recurringRule({ startDate: '2025-12-31' }));
    expect(await recordedDates(created._id)).toEqual([
      '2025-12-31',
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
    expect(created.nextDueDate).toBe('2026-04-30');
  });

  it('annually from Feb 29: Feb 28 in common years, Feb 29 again in 2028', async () => {
    setToday('2028-03-01');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'annually', startDate: '2024-02-29', name: 'Insurance' }),
    );
    expect(await recordedDates(created._id)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(created.nextDueDate).toBe('2029-02-28');
  });

  it('weekly across the year end', async () => {
    setToday('2026-01-10');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2025-12-24' }),
    );
    expect(await recordedDates(created._id)).toEqual(['2025-12-24', '2025-12-31', '2026-01-07']);
    expect(created.nextDueDate).toBe('2026-01-14');
  });

  it('daily through Feb 29 and the year end', async () => {
    setToday('2024-03-01');
    const user = await signUp(context.app, { setup: true });
    const february = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2024-02-27' }),
    );
    expect(await recordedDates(february._id)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    setToday('2025-01-01');
    const newYear = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2024-12-30' }),
    );
    expect(await recordedDates(newYear._id)).toEqual(['2024-12-30', '2024-12-31', '2025-01-01']);
    expect(newYear.nextDueDate).toBe('2025-01-02');
  });

  it('catches up a long backlog in one request: a daily rule from 2000', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2000-01-01' }),
    );
    const dates = await recordedDates(created._id);
    // 2000-01-01 to 2026-03-15, both included.
    expect(dates).toHaveLength(9571);
    expect(dates[0]).toBe('2000-01-01');
    expect(dates.at(-1)).toBe('2026-03-15');
    expect(created.nextDueDate).toBe('2026-03-16');
  });
});
