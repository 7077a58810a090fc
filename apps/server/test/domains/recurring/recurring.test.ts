import type { Recurring, Transaction } from '@moneta/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/database';
import { recurringRules, type RecurringRuleRow } from '../../../src/db/schema';
import {
  createRecurringEngine,
  recordOccurrences,
} from '../../../src/domains/recurring/recurring-engine';
import { apiCalls } from '../../support/api-calls';
import { refuseTransactionsNamed } from '../../support/refuse-inserts';
import {
  TEST_CONFIG,
  TEST_JWT_SECRET,
  createTestApp,
  signUp,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

/** The app's clock: tests move "today" with it instead of waiting. */
const clock = { now: new Date('2026-03-15T12:00:00.000Z') };
/** Noon UTC on that date: the same date in UTC and in every zone from UTC−11 to UTC+11. */
function setToday(date: string): void {
  clock.now = new Date(`${date}T12:00:00.000Z`);
}

let context: TestContext;
const { call } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ now: () => clock.now });
});
afterAll(async () => {
  await context.close();
});
beforeEach(() => {
  setToday('2026-03-15');
});

type Payload = Record<string, unknown>;

const recurringRule = (overrides: Payload = {}): Payload => ({
  name: 'Rent',
  category: 'Bills',
  amount: 950,
  isIncome: false,
  frequency: 'monthly',
  startDate: '2026-03-01',
  ...overrides,
});

async function createRecurringRule(
  user: SignedUpUser,
  payload: Payload = recurringRule(),
): Promise<Recurring> {
  const response = await call(user, 'POST', '/api/recurring/create', payload);
  if (response.statusCode !== 201) throw new Error(`create rule failed: ${response.body}`);
  return response.json<Recurring>();
}

async function listRules(user: SignedUpUser): Promise<Recurring[]> {
  const response = await call(user, 'GET', '/api/recurring');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Recurring[]>();
}

/** The dates recorded for a rule, oldest first. */
async function recordedDates(ruleId: string): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ added_on: string }>(
    'SELECT added_on FROM transactions WHERE recurring_id = $1 ORDER BY added_on',
    [ruleId],
  );
  return rows.map((row) => row.added_on);
}

async function nextDueDate(ruleId: string): Promise<string | undefined> {
  const { rows } = await context.database.pool.query<{ next_due_date: string }>(
    'SELECT next_due_date FROM recurring_rules WHERE id = $1',
    [ruleId],
  );
  return rows[0]?.next_due_date;
}

async function counts(): Promise<{ rules: number; transactions: number }> {
  const { rows } = await context.database.pool.query(
    `SELECT (SELECT count(*)::int FROM recurring_rules) AS rules,
            (SELECT count(*)::int FROM transactions) AS transactions`,
  );
  return rows[0] as { rules: number; transactions: number };
}

/** Pairs (rule, date) recorded more than once: must always be empty. */
async function duplicateOccurrences(pool = context.database.pool): Promise<unknown[]> {
  const { rows } = await pool.query(
    `SELECT recurring_id, added_on, count(*) FROM transactions
     WHERE recurring_id IS NOT NULL GROUP BY recurring_id, added_on HAVING count(*) > 1`,
  );
  return rows;
}

const engine = () => createRecurringEngine(context.database.db, { now: () => clock.now });

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

describe('GET /api/recurring', () => {
  it('lists by next due date, then name, and only the caller’s rules', async () => {
    const user = await signUp(context.app, { setup: true });
    const other = await signUp(context.app, { setup: true });
    await createRecurringRule(user, recurringRule({ name: 'Water', startDate: '2026-03-20' }));
    await createRecurringRule(user, recurringRule({ name: 'gym', startDate: '2026-03-20' }));
    await createRecurringRule(
      user,
      recurringRule({ name: 'Phone', frequency: 'daily', startDate: '2026-03-01' }),
    );
    await createRecurringRule(
      user,
      recurringRule({ name: 'Car tax', frequency: 'annually', startDate: '2025-06-01' }),
    );
    await createRecurringRule(other, recurringRule({ name: 'Hidden' }));
    const rules = await listRules(user);
    expect(rules.map((item) => [item.nextDueDate, item.name])).toEqual([
      ['2026-03-16', 'Phone'],
      ['2026-03-20', 'gym'],
      ['2026-03-20', 'Water'],
      ['2026-06-01', 'Car tax'],
    ]);
  });
});

describe('PUT /api/recurring/:id', () => {
  it('recomputes the next due date and never duplicates a recorded date', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ startDate: '2026-01-31', amount: 100 }),
    );
    expect(await recordedDates(created._id)).toEqual(['2026-01-31', '2026-02-28']);
    expect(created.nextDueDate).toBe('2026-03-31');

    // A new amount and name: nothing new to record, recorded transactions stay as they were.
    const renamed = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ name: 'Flat', startDate: '2026-01-31', amount: 120 }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Flat', amount: 120, nextDueDate: '2026-03-31' });
    expect(await recordedDates(created._id)).toEqual(['2026-01-31', '2026-02-28']);
    const { rows } = await context.database.pool.query(
      'SELECT DISTINCT name, cost_cents FROM transactions WHERE recurring_id = $1',
      [created._id],
    );
    expect(rows).toEqual([{ name: 'Rent', cost_cents: 10000 }]);

    // Weekly from Jan 31: the occurrences not recorded yet are added; Jan 31 and Feb 28 (four
    // weeks later) are not recorded twice.
    const weekly = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ name: 'Flat', startDate: '2026-01-31', frequency: 'weekly' }),
    );
    expect(weekly.json().nextDueDate).toBe('2026-03-21');
    expect(await recordedDates(created._id)).toEqual([
      '2026-01-31',
      '2026-02-07',
      '2026-02-14',
      '2026-02-21',
      '2026-02-28',
      '2026-03-07',
      '2026-03-14',
    ]);

    // Moved to a future start: nothing recorded, due on the new start date.
    const later = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      recurringRule({ startDate: '2026-05-01' }),
    );
    expect(later.json()).toMatchObject({ startDate: '2026-05-01', nextDueDate: '2026-05-01' });
    expect(await recordedDates(created._id)).toHaveLength(7);
    expect(await duplicateOccurrences()).toEqual([]);
  });

  it('rejects an invalid update and leaves the rule as it was', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(user);
    for (const overrides of [
      { amount: -1 },
      { frequency: 'yearly' },
      { startDate: '2026-13-01' },
      { name: '' },
    ]) {
      const response = await call(
        user,
        'PUT',
        `/api/recurring/${created._id}`,
        recurringRule(overrides),
      );
      expect(response.statusCode).toBe(400);
    }
    expect(await listRules(user)).toEqual([created]);
  });

  it("answers 404 for another user's rule or a malformed id, leaving theirs unchanged", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const alices = await createRecurringRule(alice, recurringRule({ name: 'Alice rent' }));

    const update = await call(
      bob,
      'PUT',
      `/api/recurring/${alices._id}`,
      recurringRule({ amount: 1 }),
    );
    expect(update.statusCode).toBe(404);
    expect(update.json()).toMatchObject({
      message: 'Recurring transaction not found.',
      code: 'RECURRING_NOT_FOUND',
    });
    expect((await call(bob, 'DELETE', `/api/recurring/${alices._id}`)).statusCode).toBe(404);
    for (const id of ['nope', '42', `${alices._id}0`]) {
      expect((await call(alice, 'PUT', `/api/recurring/${id}`, recurringRule())).statusCode).toBe(
        404,
      );
      expect((await call(alice, 'DELETE', `/api/recurring/${id}`)).statusCode).toBe(404);
    }
    expect(await listRules(bob)).toEqual([]);
    expect(await listRules(alice)).toEqual([alices]);
    expect(await recordedDates(alices._id)).toEqual(['2026-03-01']);
  });
});

describe('DELETE /api/recurring/:id', () => {
  it('deletes the rule and keeps its transactions, with recurringId null', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-03-01' }),
    );
    expect(await recordedDates(created._id)).toHaveLength(3);

    const response = await call(user, 'DELETE', `/api/recurring/${created._id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Recurring transaction deleted.' });
    expect(await listRules(user)).toEqual([]);
    const page = (await call(user, 'GET', '/api/transactions')).json<{
      transactions: Transaction[];
    }>();
    expect(page.transactions.map((item) => [item.addedOn, item.recurringId])).toEqual([
      ['2026-03-15', null],
      ['2026-03-08', null],
      ['2026-03-01', null],
    ]);
    expect((await call(user, 'DELETE', `/api/recurring/${created._id}`)).statusCode).toBe(404);
  });
});

describe('the engine', () => {
  it('catches up after downtime: exactly the missing occurrences, then nothing on a second run', async () => {
    setToday('2026-01-10');
    const user = await signUp(context.app, { setup: true });
    const daily = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2026-01-09' }),
    );
    const weekly = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-01-01' }),
    );
    const monthly = await createRecurringRule(
      user,
      recurringRule({ frequency: 'monthly', startDate: '2025-12-31' }),
    );
    const annually = await createRecurringRule(
      user,
      recurringRule({ frequency: 'annually', startDate: '2025-02-01' }),
    );
    expect(await recordedDates(daily._id)).toEqual(['2026-01-09', '2026-01-10']);

    // The server was down for 40 days.
    setToday('2026-02-19');
    while ((await engine().runDue()).hasMore);
    const dailyDates = await recordedDates(daily._id);
    expect(dailyDates).toHaveLength(42); // Jan 9 to Feb 19
    expect(dailyDates.at(-1)).toBe('2026-02-19');
    expect(await recordedDates(weekly._id)).toEqual([
      '2026-01-01',
      '2026-01-08',
      '2026-01-15',
      '2026-01-22',
      '2026-01-29',
      '2026-02-05',
      '2026-02-12',
      '2026-02-19',
    ]);
    expect(await recordedDates(monthly._id)).toEqual(['2025-12-31', '2026-01-31']);
    expect(await recordedDates(annually._id)).toEqual(['2025-02-01', '2026-02-01']);
    expect(
      await Promise.all([daily, weekly, monthly, annually].map((item) => nextDueDate(item._id))),
    ).toEqual(['2026-02-20', '2026-02-26', '2026-02-28', '2027-02-01']);

    // Idempotent: a second run finds nothing due and records nothing.
    const before = await counts();
    const again = await engine().runDue();
    expect(again).toMatchObject({ transactionsCreated: 0, duplicatesSkipped: 0, failedRules: 0 });
    expect(await counts()).toEqual(before);
    expect(await duplicateOccurrences()).toEqual([]);
  });

  it('uses each owner’s time zone for today: Kiritimati (UTC+14) vs Pago Pago (UTC−11)', async () => {
    const kiritimati = await signUp(context.app, { setup: true });
    const pagoPago = await signUp(context.app, { setup: true });
    for (const [user, timeZone] of [
      [kiritimati, 'Pacific/Kiritimati'],
      [pagoPago, 'Pacific/Pago_Pago'],
    ] as const) {
      const response = await call(user, 'PUT', '/api/auth/setup', {
        defaultCurrency: 'USD',
        timeZone,
      });
      expect(response.statusCode).toBe(200);
    }
    const daily = recurringRule({ frequency: 'daily', startDate: '2026-03-11' });

    // 11:00 UTC on Mar 10: already Mar 11 (01:00) in Kiritimati, Mar 10 (00:00) in Pago Pago.
    clock.now = new Date('2026-03-10T11:00:00.000Z');
    const early = await createRecurringRule(kiritimati, daily);
    const late = await createRecurringRule(pagoPago, daily);
    expect(early.nextDueDate).toBe('2026-03-12');
    expect(await recordedDates(early._id)).toEqual(['2026-03-11']);
    expect(late.nextDueDate).toBe('2026-03-11');
    expect(await recordedDates(late._id)).toEqual([]);

    // 10:59 UTC on Mar 11: Mar 12 in Kiritimati, still Mar 10 in Pago Pago.
    clock.now = new Date('2026-03-11T10:59:00.000Z');
    await engine().runDue();
    expect(await recordedDates(early._id)).toEqual(['2026-03-11', '2026-03-12']);
    expect(await recordedDates(late._id)).toEqual([]);

    // One minute later it is Mar 11 in Pago Pago too.
    clock.now = new Date('2026-03-11T11:00:00.000Z');
    await engine().runDue();
    expect(await recordedDates(late._id)).toEqual(['2026-03-11']);
    expect(await nextDueDate(late._id)).toBe('2026-03-12');
    expect(await recordedDates(early._id)).toEqual(['2026-03-11', '2026-03-12']);
  });

  it('works through a backlog in bounded batches', async () => {
    setToday('2030-01-01');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2030-01-02' }),
    );
    setToday('2030-03-01'); // 59 occurrences due

    // First flush whatever other tests left due, so that this rule is the only one due.
    const bounded = createRecurringEngine(context.database.db, {
      now: () => clock.now,
      recurringRulesPerBatch: 1,
      occurrencesPerRecurringRule: 10,
      maxBatchesPerRun: 2,
    });
    while ((await engine().runDue()).hasMore);
    await context.database.pool.query(
      `UPDATE recurring_rules SET next_due_date = '2030-01-02' WHERE id = $1`,
      [created._id],
    );
    await context.database.pool.query('DELETE FROM transactions WHERE recurring_id = $1', [
      created._id,
    ]);

    const first = await bounded.runDue();
    expect(first).toMatchObject({ rulesProcessed: 2, transactionsCreated: 20, hasMore: true });
    expect(await nextDueDate(created._id)).toBe('2030-01-22');
    let runs = 1;
    while ((await bounded.runDue()).hasMore) runs += 1;
    expect(runs).toBe(3);
    expect(await recordedDates(created._id)).toHaveLength(59);
    expect(await nextDueDate(created._id)).toBe('2030-03-02');
  });
});

describe('several instances and failures', () => {
  it('THE RACE: two instances running together many times record every (rule, date) exactly once', async () => {
    const race = await createTestApp({ now: () => clock.now });
    const instances = [
      openDatabase(race.databaseUrl, { maxConnections: 3 }),
      openDatabase(race.databaseUrl, { maxConnections: 3 }),
    ];
    try {
      setToday('2026-01-01');
      const frequencies = ['daily', 'weekly', 'monthly', 'annually'] as const;
      const starts = ['2025-12-31', '2026-01-02', '2025-01-31', '2024-02-29', '2026-01-10'];
      const ruleIds: string[] = [];
      for (let owner = 0; owner < 3; owner++) {
        const user = await signUp(race.app, { setup: true });
        for (let index = 0; index < 20; index++) {
          const response = await race.app.inject({
            method: 'POST',
            url: '/api/recurring/create',
            headers: user.headers,
            payload: recurringRule({
              name: `Rule ${owner}-${index}`,
              // A few categories per user, so that the instances' batches share totals rows.
              category: ['Bills', 'Food', 'Gym'][index % 3],
              frequency: frequencies[index % 4],
              startDate: starts[index % 5],
            }),
          });
          expect(response.statusCode, response.body).toBe(201);
          ruleIds.push(response.json()._id);
        }
      }
      const recordedAtCreation = Number(
        (await race.database.pool.query('SELECT count(*) FROM transactions')).rows[0].count,
      );

      // Small batches so that each run does part of the work and the two interleave a lot.
      const engines = instances.map((instance) =>
        createRecurringEngine(instance.db, {
          now: () => clock.now,
          recurringRulesPerBatch: 3,
          occurrencesPerRecurringRule: 4,
          maxBatchesPerRun: 2,
        }),
      );
      let created = 0;
      let skipped = 0;
      let failed = 0;
      // Forty days of downtime, then the days go by one at a time, twice over.
      for (const today of ['2026-02-10', '2026-02-11', '2026-02-12', '2026-03-31', '2026-04-01']) {
        setToday(today);
        for (let round = 0; round < 40; round++) {
          const results = await Promise.all(engines.map((instance) => instance.runDue()));
          for (const result of results) {
            created += result.transactionsCreated;
            skipped += result.duplicatesSkipped;
            failed += result.failedRules;
          }
          if (results.every((result) => !result.hasMore)) break;
        }
      }

      const pool = race.database.pool;
      expect(await duplicateOccurrences(pool)).toEqual([]);
      const { rows } = await pool.query<{
        id: string;
        start_date: string;
        frequency: string;
        recorded: number;
        next_due_date: string;
      }>(
        `SELECT r.id, r.start_date, r.frequency, r.next_due_date, count(t.id)::int AS recorded
         FROM recurring_rules r LEFT JOIN transactions t ON t.recurring_id = r.id
         GROUP BY r.id`,
      );
      expect(rows).toHaveLength(60);
      // Occurrences up to Apr 1, 2026, counted by hand per (frequency, start).
      const expected: Record<string, { recorded: number; next: string }> = {
        'daily 2025-12-31': { recorded: 92, next: '2026-04-02' },
        'daily 2026-01-02': { recorded: 90, next: '2026-04-02' },
        'daily 2025-01-31': { recorded: 426, next: '2026-04-02' },
        'daily 2024-02-29': { recorded: 763, next: '2026-04-02' },
        'daily 2026-01-10': { recorded: 82, next: '2026-04-02' },
        'weekly 2025-12-31': { recorded: 14, next: '2026-04-08' },
        'weekly 2026-01-02': { recorded: 13, next: '2026-04-03' },
        'weekly 2025-01-31': { recorded: 61, next: '2026-04-03' },
        'weekly 2024-02-29': { recorded: 109, next: '2026-04-02' },
        'weekly 2026-01-10': { recorded: 12, next: '2026-04-04' },
        'monthly 2025-12-31': { recorded: 4, next: '2026-04-30' },
        'monthly 2026-01-02': { recorded: 3, next: '2026-04-02' },
        'monthly 2025-01-31': { recorded: 15, next: '2026-04-30' },
        'monthly 2024-02-29': { recorded: 26, next: '2026-04-29' },
        'monthly 2026-01-10': { recorded: 3, next: '2026-04-10' },
        'annually 2025-12-31': { recorded: 1, next: '2026-12-31' },
        'annually 2026-01-02': { recorded: 1, next: '2027-01-02' },
        'annually 2025-01-31': { recorded: 2, next: '2027-01-31' },
        'annually 2024-02-29': { recorded: 3, next: '2027-02-28' },
        'annually 2026-01-10': { recorded: 1, next: '2027-01-10' },
      };
      let total = 0;
      for (const row of rows) {
        const want = expected[`${row.frequency} ${row.start_date}`]!;
        expect({ rule: row.id, recorded: row.recorded, next: row.next_due_date }).toEqual({
          rule: row.id,
          recorded: want.recorded,
          next: want.next,
        });
        total += row.recorded;
      }
      // Every occurrence was recorded by exactly one instance: the row locks kept the two
      // from even attempting the same one (no conflicts skipped by the unique index).
      expect(created).toBe(total - recordedAtCreation);
      expect(skipped).toBe(0);
      expect(failed).toBe(0);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await race.close();
    }
  });

  it('the unique index is the final guard: a stale instance records nothing twice', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'weekly', startDate: '2026-03-01' }),
    );
    // As if an instance had read the rule before it was caught up, without the lock.
    const stale = { ...(await staleRule(created._id)), nextDueDate: '2026-03-01' };
    const outcome = await recordOccurrences(context.database.db, stale, '2026-03-15', 100);
    expect(outcome).toMatchObject({ created: 0, skipped: 3, isCaughtUp: true });
    expect(await recordedDates(created._id)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
    await expect(
      context.database.pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, recurring_id)
         VALUES (gen_random_uuid(), $1, 'Copy', 'Bills', 1, '2026-03-08', false, $2)`,
        [user.id, created._id],
      ),
    ).rejects.toThrow(/transactions_recurring_occurrence_key/);
  });

  it('logs a failing rule and goes on with the others; the failed rule is retried later', async () => {
    const isolated = await createTestApp({ now: () => clock.now });
    const errors: Array<{ object: object; message: string }> = [];
    const logger = {
      error: (object: object, message: string) => errors.push({ object, message }),
      info: () => undefined,
    };
    try {
      setToday('2026-03-15');
      const user = await signUp(isolated.app, { setup: true });
      const ids: Record<string, string> = {};
      for (const name of ['Alpha', 'Boom', 'Omega']) {
        const response = await isolated.app.inject({
          method: 'POST',
          url: '/api/recurring/create',
          headers: user.headers,
          payload: recurringRule({ name, frequency: 'daily', startDate: '2026-03-16' }),
        });
        ids[name] = response.json()._id;
      }
      const pool = isolated.database.pool;
      const allowBoom = await refuseTransactionsNamed(pool, 'Boom');
      const recorded = async (id: string) =>
        Number(
          (await pool.query('SELECT count(*) FROM transactions WHERE recurring_id = $1', [id]))
            .rows[0].count,
        );

      setToday('2026-03-20');
      const isolatedEngine = createRecurringEngine(isolated.database.db, {
        now: () => clock.now,
        logger,
      });
      const result = await isolatedEngine.runDue();
      expect(result).toMatchObject({ rulesProcessed: 2, transactionsCreated: 10, failedRules: 1 });
      expect(await recorded(ids.Alpha!)).toBe(5);
      expect(await recorded(ids.Omega!)).toBe(5);
      expect(await recorded(ids.Boom!)).toBe(0);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.object).toMatchObject({ recurringId: ids.Boom });

      await allowBoom();
      expect(await isolatedEngine.runDue()).toMatchObject({
        transactionsCreated: 5,
        failedRules: 0,
      });
      expect(await recorded(ids.Boom!)).toBe(5);
    } finally {
      await isolated.close();
    }
  });

  it('runs at start (catch-up after downtime) when built with a timer, and closes cleanly', async () => {
    setToday('2026-03-15');
    const user = await signUp(context.app, { setup: true });
    const created = await createRecurringRule(
      user,
      recurringRule({ frequency: 'daily', startDate: '2026-03-16' }),
    );
    // Down for three days, then an instance starts with the timer on.
    setToday('2026-03-18');
    const instance = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: context.database.db,
      now: () => clock.now,
      recurringIntervalMinutes: 15,
    });
    await instance.ready();
    try {
      await expect
        .poll(() => recordedDates(created._id), { timeout: 10_000, interval: 50 })
        .toEqual(['2026-03-16', '2026-03-17', '2026-03-18']);
    } finally {
      await instance.close();
    }
    expect(await nextDueDate(created._id)).toBe('2026-03-19');
  });
});

async function staleRule(id: string): Promise<RecurringRuleRow> {
  const [row] = await context.database.db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.id, id));
  return row!;
}
