//
// Shared by budgets.test.ts, budgets-change-and-delete.test.ts: importing this module gives each
// test file its own app and database, made before its tests and closed after them.
import type { Budget } from '@moneta/shared';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

// Recurring rules created here run against this clock: "today" is 2026-03-15 (UTC).
export const NOW = new Date('2026-03-15T12:00:00.000Z');

export let context: TestContext;

export const { call } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp({ now: () => NOW });
});

afterAll(async () => {
  await context.close();
});

export type Payload = Record<string, unknown>;

export const budget = <Overrides extends Payload>(overrides: Overrides = {} as Overrides) => ({
  category: 'Food',
  amount: 300,
  month: 3,
  year: 2026,
  ...overrides,
});

export async function listBudgets(user: SignedUpUser, query = ''): Promise<Budget[]> {
  const response = await call(user, 'GET', `/api/budgets${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Budget[]>();
}

export const item = (fields: {
  category: string;
  cost: number;
  addedOn: string;
  isIncome?: boolean;
}) => ({
  name: 'Item',
  isIncome: false,
  ...fields,
});

export async function budgetRow(id: string) {
  const { rows } = await context.database.pool.query(
    'SELECT category, amount_cents, month, year FROM budgets WHERE id = $1',
    [id],
  );
  return rows[0] as { category: string; amount_cents: number; month: number; year: number };
}

export async function budgetCount(): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM budgets',
  );
  return rows[0]!.count;
}
