//
// Shared by recurring.test.ts, recurring-list-change-delete.test.ts, recurring-engine.test.ts:
// importing this module gives each test file its own app and database, made before its tests and
// closed after them.
import type { Recurring } from '@moneta/shared';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { type RecurringRuleRow, recurringRules } from '../../../src/db/schema';
import { createRecurringEngine } from '../../../src/domains/recurring/recurring-engine';
import { apiCalls } from '../../support/api-calls';
import { type SignedUpUser, type TestContext, createTestApp } from '../../test-app';

/** The app's clock: tests move "today" with it instead of waiting. */
export const clock = { now: new Date('2026-03-15T12:00:00.000Z') };

/** Noon UTC on that date: the same date in UTC and in every zone from UTC−11 to UTC+11. */
export function setToday(date: string): void {
  clock.now = new Date(`${date}T12:00:00.000Z`);
}

export let context: TestContext;

export const { call } = apiCalls(() => context.app);

beforeAll(async () => {
  context = await createTestApp({ now: () => clock.now });
});

afterAll(async () => {
  await context.close();
});

beforeEach(() => {
  setToday('2026-03-15');
});

export type Payload = Record<string, unknown>;

export const recurringRule = (overrides: Payload = {}): Payload => ({
  name: 'Rent',
  category: 'Bills',
  amount: 950,
  isIncome: false,
  frequency: 'monthly',
  startDate: '2026-03-01',
  ...overrides,
});

export async function createRecurringRule(
  user: SignedUpUser,
  payload: Payload = recurringRule(),
): Promise<Recurring> {
  const response = await call(user, 'POST', '/api/recurring/create', payload);
  if (response.statusCode !== 201) throw new Error(`create rule failed: ${response.body}`);
  return response.json<Recurring>();
}

export async function listRules(user: SignedUpUser): Promise<Recurring[]> {
  const response = await call(user, 'GET', '/api/recurring');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Recurring[]>();
}

/** The dates recorded for a rule, oldest first. */
export async function recordedDates(ruleId: string): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ added_on: string }>(
    'SELECT added_on FROM transactions WHERE recurring_id = $1 ORDER BY added_on',
    [ruleId],
  );
  return rows.map((row) => row.added_on);
}

export async function nextDueDate(ruleId: string): Promise<string | undefined> {
  const { rows } = await context.database.pool.query<{ next_due_date: string }>(
    'SELECT next_due_date FROM recurring_rules WHERE id = $1',
    [ruleId],
  );
  return rows[0]?.next_due_date;
}

export async function counts(): Promise<{ rules: number; transactions: number }> {
  const { rows } = await context.database.pool.query(
    `SELECT (SELECT count(*)::int FROM recurring_rules) AS rules,
            (SELECT count(*)::int FROM transactions) AS transactions`,
  );
  return rows[0] as { rules: number; transactions: number };
}

/** Pairs (rule, date) recorded more than once: must always be empty. */
export async function duplicateOccurrences(pool = context.database.pool): Promise<unknown[]> {
  const { rows } = await pool.query(
    `SELECT recurring_id, added_on, count(*) FROM transactions
     WHERE recurring_id IS NOT NULL GROUP BY recurring_id, added_on HAVING count(*) > 1`,
  );
  return rows;
}

export const engine = () => createRecurringEngine(context.database.db, { now: () => clock.now });

export async function staleRule(id: string): Promise<RecurringRuleRow> {
  const [row] = await context.database.db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.id, id));
  return row!;
}
