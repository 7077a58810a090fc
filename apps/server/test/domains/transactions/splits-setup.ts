// Split transactions through the real app and PostgreSQL (docs/api.md, Transaction): parts are
// stored and answered in order, the transaction carries its largest part's category, bad parts
// are refused with 400 naming the rule and change nothing, another user's id is a 404, and an
// unsplit transaction's answer has no `splits` at all (the original client sees what it saw).
//
// Shared by splits.test.ts, splits-other-writers.test.ts, splits-reading.test.ts: importing this
// module gives each test file its own app and database, made before its tests and closed after.
import type { Transaction } from '@moneta/shared';
import { afterAll, beforeAll } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

export let context: TestContext;

export const { call, ok } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp();
});

afterAll(async () => {
  await context.close();
});

export type Payload = Record<string, unknown>;

/** A 84.50 market bill split in three: 60.00 food, 20.00 household, 4.50 food again. */
export const market = (overrides: Payload = {}): Payload => ({
  name: 'Market',
  category: 'Food',
  cost: 84.5,
  addedOn: '2026-03-10',
  isIncome: false,
  splits: [
    { category: 'Household', amount: 20 },
    { category: 'Food', amount: '60.00', note: 'week' },
    { category: 'Food', amount: 4.5 },
  ],
  ...overrides,
});

export async function create(user: SignedUpUser, payload: Payload): Promise<Transaction> {
  const response = await call(user, 'POST', '/api/transactions', payload);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
  return response.json<Transaction>();
}

/** The user's transactions as the list answers them. */
export const listed = async (user: SignedUpUser) =>
  (await call(user, 'GET', '/api/transactions?limit=100')).json<{
    transactions: Transaction[];
  }>().transactions;

/** Every stored row of the user's transactions and parts, to prove a refusal changed nothing. */
export async function stored(user: SignedUpUser) {
  const { rows } = await context.database.pool.query(
    `SELECT t.id, t.category, t.cost_cents::int AS cost, t.is_income, t.updated_at,
            coalesce((SELECT json_agg(json_build_array(s.position, s.category, s.amount_cents, s.note)
                      ORDER BY s.position) FROM transaction_splits s WHERE s.transaction_id = t.id), '[]') AS parts
     FROM transactions t WHERE t.user_id = $1 ORDER BY t.id`,
    [user.id],
  );
  return rows;
}

/**
 * The kept totals of a user's household (their default one), as { key: [count, cents] }, read
 * straight from the tables.
 */
export async function keptTotals(user: SignedUpUser) {
  const pool = context.database.pool;
  const totals = await pool.query(
    `SELECT is_income, category, transaction_count::int AS n, sum_cents::int AS cents
     FROM transaction_totals
     WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)`,
    [user.id],
  );
  const daily = await pool.query(
    `SELECT to_char(added_on, 'YYYY-MM-DD') AS day, is_income, category,
            transaction_count::int AS n, sum_cents::int AS cents
     FROM transaction_daily_totals
     WHERE household_id = (SELECT default_household_id FROM users WHERE id = $1)`,
    [user.id],
  );
  return {
    totals: Object.fromEntries(
      totals.rows.map((r) => [`${r.is_income ? 'in' : 'out'} ${r.category}`, [r.n, r.cents]]),
    ),
    daily: Object.fromEntries(
      daily.rows.map((r) => [
        `${r.day} ${r.is_income ? 'in' : 'out'} ${r.category}`,
        [r.n, r.cents],
      ]),
    ),
  };
}
