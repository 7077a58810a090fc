import type { Transaction } from '@moneta/shared';
import { expect } from 'vitest';
import type { App } from '../../src/http/types';
import type { SignedUpUser } from '../test-app';
import { apiCalls } from './api-calls';

/** Every one of the user's transactions, through the list, 100 a page. */
export async function allTransactions(app: App, user: SignedUpUser): Promise<Transaction[]> {
  const { ok } = apiCalls(() => app);
  const rows: Transaction[] = [];
  for (let page = 1; ; page++) {
    const body = await ok<{ transactions: Transaction[]; totalPages: number }>(
      user,
      'GET',
      `/api/transactions?limit=100&page=${page}`,
    );
    rows.push(...body.transactions);
    if (page >= body.totalPages) return rows;
  }
}

const cents = (amount: number) => Math.round(amount * 100);

/**
 * Checks the kept figures against the rows themselves (one currency, the base): the all-time
 * summary, each account's balance (opening balances 0), the chart's categories and the counts
 * per category, all computed here from the list.
 */
export async function expectTotalsMatchRows(
  app: App,
  user: SignedUpUser,
  window: { from: string; to: string },
): Promise<void> {
  const { ok } = apiCalls(() => app);
  const rows = await allTransactions(app, user);
  const income = rows.filter((row) => row.isIncome).reduce((sum, row) => sum + cents(row.cost), 0);
  const expenses = rows
    .filter((row) => !row.isIncome)
    .reduce((sum, row) => sum + cents(row.cost), 0);
  const summary = await ok<{ totalIncome: number; totalExpenses: number }>(
    user,
    'GET',
    '/api/transactions/summary',
  );
  expect(cents(summary.totalIncome)).toBe(income);
  expect(cents(summary.totalExpenses)).toBe(expenses);

  const accounts = await ok<Array<{ _id: string; balance: number }>>(user, 'GET', '/api/accounts');
  for (const account of accounts) {
    const movement = rows
      .filter((row) => row.accountId === account._id)
      .reduce((sum, row) => sum + (row.isIncome ? 1 : -1) * cents(row.cost), 0);
    expect(cents(account.balance), `balance of ${account._id}`).toBe(movement);
  }

  const byCategory = new Map<string, number>();
  for (const row of rows) {
    if (row.isIncome || row.addedOn < window.from || row.addedOn > window.to) continue;
    byCategory.set(row.category, (byCategory.get(row.category) ?? 0) + cents(row.cost));
  }
  const charts = await ok<{
    expensesByCategory: Array<{ name: string; total: number }>;
    expensesOverTime: Array<{ date: string; total: number }>;
  }>(user, 'GET', `/api/transactions/charts?from=${window.from}&to=${window.to}`);
  expect(
    Object.fromEntries(charts.expensesByCategory.map((entry) => [entry.name, cents(entry.total)])),
  ).toEqual(Object.fromEntries(byCategory));
  for (const day of charts.expensesOverTime) {
    const expected = rows
      .filter((row) => !row.isIncome && row.addedOn === day.date)
      .reduce((sum, row) => sum + cents(row.cost), 0);
    expect(cents(day.total), day.date).toBe(expected);
  }
  for (const category of new Set(rows.map((row) => row.category))) {
    const listed = await ok<{ total: number }>(
      user,
      'GET',
      `/api/transactions?category=${encodeURIComponent(category)}`,
    );
    expect(listed.total, category).toBe(rows.filter((row) => row.category === category).length);
  }
}
