//
// Shared by transactions.test.ts, transactions-list-and-changes.test.ts, transactions-summary-and-
// charts.test.ts, transactions-export.test.ts: importing this module gives each test file its own
// app and database, made before its tests and closed after them.
import type { Transaction } from '@moneta/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

export let context: TestContext;

export const { call } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

export type Payload = Record<string, unknown>;

export const expense = (overrides: Payload = {}): Payload => ({
  name: 'Coffee',
  category: 'Food',
  cost: 3.5,
  addedOn: '2026-03-10',
  isIncome: false,
  note: '',
  ...overrides,
});

export async function create(user: SignedUpUser, payload: Payload): Promise<Transaction> {
  const response = await call(user, 'POST', '/api/transactions', payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json<Transaction>();
}

export async function list(user: SignedUpUser, query = '') {
  const response = await call(user, 'GET', `/api/transactions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    transactions: Transaction[];
    totalPages: number;
    currentPage: number;
    total: number;
  }>();
}

export async function rowCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM transactions',
  );
  return rows[0]!.count;
}
