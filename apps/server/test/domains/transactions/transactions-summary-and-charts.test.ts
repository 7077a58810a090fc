// Transactions summed up and charted.
import { type Transaction, addDays, todayIn } from '@moneta/shared';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../test-app';
import { call, context, create, expense } from './transactions-setup';

describe('GET /api/transactions/summary', () => {
  it('totals all time and lists the five newest', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await call(user, 'GET', '/api/transactions/summary')).json()).toEqual({
      totalIncome: 0,
      totalExpenses: 0,
      balance: 0,
      recentTransactions: [],
      from: null,
      to: null,
      currency: 'USD',
      unconverted: 0,
    });
    await create(user, { category: 'Salary', cost: 1000.1, addedOn: '2020-01-01', isIncome: true });
    for (let day = 1; day <= 6; day++)
      await create(user, expense({ name: `E${day}`, cost: 0.1, addedOn: `2026-02-0${day}` }));
    const summary = (await call(user, 'GET', '/api/transactions/summary')).json();
    expect(summary).toMatchObject({ totalIncome: 1000.1, totalExpenses: 0.6, balance: 999.5 });
    expect(summary.recentTransactions.map((transaction: Transaction) => transaction.name)).toEqual([
      'E6',
      'E5',
      'E4',
      'E3',
      'E2',
    ]);
  });

  it('totals the period from..to inclusive, and names it', async () => {
    const user = await signUp(context.app, { setup: true });
    const rows = [
      { cost: 3.1, addedOn: '2026-01-31', isIncome: false },
      { cost: 12.34, addedOn: '2026-02-01', isIncome: false },
      { cost: 0.66, addedOn: '2026-02-14', isIncome: false },
      { cost: 2500, addedOn: '2026-02-27', isIncome: true },
      { cost: 40, addedOn: '2026-02-28', isIncome: false },
      { cost: 99, addedOn: '2026-03-01', isIncome: true },
    ];
    for (const row of rows) {
      await create(user, { ...row, name: 'Row', category: row.isIncome ? 'Salary' : 'Food' });
    }
    // Money moved between the user's own accounts is neither income nor expense.
    const accounts = (await call(user, 'GET', '/api/accounts')).json();
    const savings = (
      await call(user, 'POST', '/api/accounts', { name: 'Savings', type: 'savings' })
    ).json();
    const transfer = await call(user, 'POST', '/api/transfers', {
      fromAccountId: accounts[0]._id,
      toAccountId: savings._id,
      amount: 300,
      date: '2026-02-10',
    });
    expect(transfer.statusCode).toBe(201);

    const inFebruary = rows.filter(
      (row) => row.addedOn >= '2026-02-01' && row.addedOn <= '2026-02-28',
    );
    const sumOf = (isIncome: boolean) =>
      inFebruary
        .filter((row) => row.isIncome === isIncome)
        .reduce((total, row) => total + Math.round(row.cost * 100), 0) / 100;
    const summary = (
      await call(user, 'GET', '/api/transactions/summary?from=2026-02-01&to=2026-02-28')
    ).json();
    expect(summary).toMatchObject({
      totalIncome: sumOf(true),
      totalExpenses: sumOf(false),
      balance: Math.round((sumOf(true) - sumOf(false)) * 100) / 100,
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(summary.totalExpenses).toBe(53);
    expect(summary.recentTransactions).toHaveLength(5);

    const empty = (
      await call(user, 'GET', '/api/transactions/summary?from=2025-01-01&to=2025-12-31')
    ).json();
    expect(empty).toMatchObject({ totalIncome: 0, totalExpenses: 0, balance: 0 });
  });

  it.each([
    ['?from=2026-02-01', 'Give both from and to, or neither.'],
    ['?to=2026-02-01', 'Give both from and to, or neither.'],
    ['?from=2026-03-01&to=2026-02-01', 'from must not be after to.'],
    ['?from=2026-02-30&to=2026-03-01', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('rejects the period %s with 400', async (query, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'GET', `/api/transactions/summary${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe('GET /api/transactions/charts', () => {
  it("defaults to the last 30 days in the user's time zone, one entry per day with zeros", async () => {
    const user = await signUp(context.app);
    await call(user, 'PUT', '/api/auth/setup', {
      defaultCurrency: 'USD',
      timeZone: 'Pacific/Kiritimati',
    });
    const today = todayIn('Pacific/Kiritimati');
    await create(user, expense({ cost: 10, addedOn: today, category: 'Food' }));
    await create(user, expense({ cost: 5, addedOn: addDays(today, -29), category: 'Bills' }));
    await create(user, expense({ cost: 7, addedOn: addDays(today, -30), category: 'Bills' }));
    await create(user, {
      category: 'Salary',
      cost: 100,
      addedOn: addDays(today, -1),
      isIncome: true,
    });

    const charts = (await call(user, 'GET', '/api/transactions/charts')).json();
    expect(charts.expensesOverTime).toHaveLength(30);
    expect(charts.incomeOverTime).toHaveLength(30);
    expect(charts.expensesOverTime[0]).toEqual({ date: addDays(today, -29), total: 5 });
    expect(charts.expensesOverTime[29]).toEqual({ date: today, total: 10 });
    expect(charts.expensesOverTime[1]).toEqual({ date: addDays(today, -28), total: 0 });
    expect(charts.incomeOverTime[28]).toEqual({ date: addDays(today, -1), total: 100 });
    expect(charts.expensesByCategory).toEqual([
      { name: 'Food', total: 10 },
      { name: 'Bills', total: 5 },
    ]);
  });

  it('uses the given window and orders categories largest first', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ cost: 1, addedOn: '2025-12-31', category: 'Food' }));
    await create(user, expense({ cost: 2, addedOn: '2026-01-01', category: 'Food' }));
    await create(user, expense({ cost: 9, addedOn: '2026-01-03', category: 'Bills' }));
    const charts = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-01-01&to=2026-01-03')
    ).json();
    expect(charts.expensesOverTime).toEqual([
      { date: '2026-01-01', total: 2 },
      { date: '2026-01-02', total: 0 },
      { date: '2026-01-03', total: 9 },
    ]);
    expect(charts.expensesByCategory).toEqual([
      { name: 'Bills', total: 9 },
      { name: 'Food', total: 2 },
    ]);
  });

  it('answers empty lists for a window that holds no transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    await create(user, expense({ cost: 4, addedOn: '2025-12-31', category: 'Food' }));
    const empty = (
      await call(user, 'GET', '/api/transactions/charts?from=2026-01-01&to=2026-01-31')
    ).json();
    expect(empty).toEqual({
      expensesByCategory: [],
      expensesOverTime: [],
      incomeOverTime: [],
      unconverted: 0,
    });
    const withRow = (
      await call(user, 'GET', '/api/transactions/charts?from=2025-12-01&to=2025-12-31')
    ).json();
    expect(withRow.expensesOverTime).toHaveLength(31);
    expect(withRow.incomeOverTime).toHaveLength(31);
  });

  it.each([
    ['?from=2026-02-01&to=2026-01-01', 'from must not be after to.'],
    ['?from=2020-01-01&to=2026-01-01', 'The chart window can be at most 731 days.'],
    ['?from=yesterday', 'Please enter a valid date (YYYY-MM-DD).'],
  ])('rejects %s with 400', async (query, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'GET', `/api/transactions/charts${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
