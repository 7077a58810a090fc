// Recurring rules that match what exists (imported history is linked, not recorded twice), with
// an account, an interval, an end date and a note, and the occurrences still to come — through
// HTTP on a real PostgreSQL, with the app's clock set.
import type { Recurring, RecurringInput, Transaction, UpcomingOccurrence } from '@moneta/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

const clock = { now: new Date('2026-11-20T12:00:00.000Z') };
const setToday = (date: string) => {
  clock.now = new Date(`${date}T12:00:00.000Z`);
};

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp({ now: () => clock.now });
});
afterAll(async () => {
  await context.close();
});
beforeEach(() => setToday('2026-11-20'));

const { call, ok } = apiCalls(() => context.app);

const netflix = <Overrides extends Partial<RecurringInput>>(
  overrides: Overrides = {} as Overrides,
) => ({
  name: 'Netflix',
  category: 'Subscriptions',
  amount: 13.99,
  isIncome: false,
  frequency: 'monthly' as const,
  startDate: '2026-08-01',
  ...overrides,
});

const expense = (name: string, addedOn: string, cost = 13.99, extra = {}) => ({
  name,
  category: 'Subscriptions',
  cost,
  addedOn,
  isIncome: false,
  ...extra,
});

async function allTransactions(user: SignedUpUser): Promise<Transaction[]> {
  return (await ok<{ transactions: Transaction[] }>(user, 'GET', '/api/transactions?limit=100'))
    .transactions;
}

describe('a recurring rule beside what exists', () => {
  it('started in the past next to imported history, links those rows and records only the missing ones', async () => {
    const user = await signUp(context.app, { setup: true });
    // The bank's rows: a day or two off the 1st, the name as the bank prints it.
    for (const date of ['2026-08-02', '2026-08-31', '2026-10-03', '2026-11-01']) {
      await given.transaction(context.app, user, expense('NETFLIX.COM 866-579-7172', date));
    }
    // Not occurrences: another amount, another name, income.
    await given.transaction(context.app, user, expense('NETFLIX.COM', '2026-09-01', 15.99));
    await given.transaction(context.app, user, expense('Spotify', '2026-09-01'));

    const created = await given.recurring(context.app, user, netflix());
    expect(created.nextDueDate).toBe('2026-12-01');

    const rows = await allTransactions(user);
    const ofRule = rows.filter((row) => row.recurringId === created._id);
    // Each occurrence (Aug 1, Sep 1, Oct 1, Nov 1) found its row within three days: nothing new.
    expect(ofRule.map((row) => row.addedOn).sort()).toEqual([
      '2026-08-02',
      '2026-08-31',
      '2026-10-03',
      '2026-11-01',
    ]);
    expect(rows).toHaveLength(6);
    expect(rows.find((row) => row.cost === 15.99)?.recurringId).toBeNull();
    expect(rows.find((row) => row.name === 'Spotify')?.recurringId).toBeNull();

    // Editing the rule records from its start again: nothing is repeated.
    await ok(user, 'PUT', `/api/recurring/${created._id}`, netflix({ note: 'Family plan' }));
    expect(await allTransactions(user)).toHaveLength(6);

    // The days go by: December's occurrence is recorded once, with the rule's note.
    setToday('2026-12-02');
    await ok(user, 'PUT', `/api/recurring/${created._id}`, netflix({ note: 'Family plan' }));
    const december = (await allTransactions(user)).filter((row) => row.addedOn === '2026-12-01');
    expect(december).toHaveLength(1);
    expect(december[0]).toMatchObject({ name: 'Netflix', note: 'Family plan', cost: 13.99 });
  });

  it('records what is missing when a month has no matching row, and links one row to one occurrence only', async () => {
    const user = await signUp(context.app, { setup: true });
    // Two rows near Sep 1: one is September's, the other stays a plain expense.
    await given.transaction(context.app, user, expense('Netflix', '2026-09-01'));
    await given.transaction(context.app, user, expense('Netflix', '2026-09-02'));
    const created = await given.recurring(context.app, user, netflix());
    const rows = await allTransactions(user);
    const ofRule = rows.filter((row) => row.recurringId === created._id);
    expect(ofRule.map((row) => row.addedOn).sort()).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
      '2026-11-01',
    ]);
    expect(rows.filter((row) => row.recurringId === null).map((row) => row.addedOn)).toEqual([
      '2026-09-02',
    ]);
  });

  it('matches only in its own account, and never takes a row of another rule', async () => {
    const user = await signUp(context.app, { setup: true });
    const card = await given.account(context.app, user, {
      name: 'Visa',
      type: 'credit',
    });
    // On the card: not the rule's account (it goes to the first account).
    await given.transaction(
      context.app,
      user,
      expense('Netflix', '2026-11-01', 13.99, { accountId: card._id }),
    );
    const first = await given.recurring(context.app, user, netflix({ startDate: '2026-11-01' }));
    const second = await given.recurring(
      context.app,
      user,
      netflix({ startDate: '2026-11-01', name: 'Netflix second' }),
    );
    const rows = await allTransactions(user);
    expect(rows.filter((row) => row.recurringId === first._id)).toHaveLength(1);
    expect(rows.filter((row) => row.recurringId === second._id)).toHaveLength(1);
    expect(rows.find((row) => row.accountId === card._id)?.recurringId).toBeNull();
    expect(rows).toHaveLength(3);

    // A rule for the card takes the card's row.
    const onCard = await given.recurring(
      context.app,
      user,
      netflix({ startDate: '2026-11-01', accountId: card._id }),
    );
    expect(onCard.accountId).toBe(card._id);
    const after = await allTransactions(user);
    expect(after).toHaveLength(3);
    expect(after.find((row) => row.accountId === card._id)?.recurringId).toBe(onCard._id);
  });
});

describe('interval, end date, account and note: recording and editing', () => {
  it('records every second week until the end date, in the chosen account with the note, then ends', async () => {
    const user = await signUp(context.app, { setup: true });
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
    });
    const created = await given.recurring(context.app, user, {
      name: 'Allowance',
      category: 'Gifts',
      amount: 20,
      isIncome: true,
      frequency: 'weekly',
      interval: 2,
      startDate: '2026-09-01',
      endDate: '2026-10-31',
      accountId: savings._id,
      note: 'From grandma',
    });
    expect(created).toMatchObject({ interval: 2, endDate: '2026-10-31', isEnded: true });
    const rows = await allTransactions(user);
    // Sep 1, 15, 29, Oct 13, 27 — then Nov 10 is after the end.
    expect(rows.map((row) => row.addedOn).sort()).toEqual([
      '2026-09-01',
      '2026-09-15',
      '2026-09-29',
      '2026-10-13',
      '2026-10-27',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ accountId: savings._id, note: 'From grandma', isIncome: true });
    }
    expect(await ok(user, 'GET', '/api/recurring/upcoming?days=60')).toEqual([]);
  });

  it('edited from monthly 29.90 to weekly 34.90, records every weekly occurrence its old rows do not hold at the new amount', async () => {
    const user = await signUp(context.app, { setup: true });
    const rule = await given.recurring(
      context.app,
      user,
      netflix({ name: 'Gym', amount: 29.9, startDate: '2026-09-15' }),
    );
    expect((await allTransactions(user)).map((row) => row.addedOn).sort()).toEqual([
      '2026-09-15',
      '2026-10-15',
      '2026-11-15',
    ]);
    await ok(
      user,
      'PUT',
      `/api/recurring/${rule._id}`,
      netflix({ name: 'Gym', amount: 34.9, frequency: 'weekly', startDate: '2026-09-15' }),
    );
    const rows = await allTransactions(user);
    // Ten Tuesdays from 15 September to 17 November; the 15th's day holds the old row already.
    const weekly = rows.filter((row) => row.cost === 34.9).map((row) => row.addedOn);
    expect(weekly.sort()).toEqual([
      '2026-09-22',
      '2026-09-29',
      '2026-10-06',
      '2026-10-13',
      '2026-10-20',
      '2026-10-27',
      '2026-11-03',
      '2026-11-10',
      '2026-11-17',
    ]);
    expect(rows.filter((row) => row.cost === 29.9)).toHaveLength(3);
  });

  it('keeps what an update leaves out, and falls back to the first account when its account is deleted', async () => {
    const user = await signUp(context.app, { setup: true });
    const [main] = await ok<Array<{ _id: string }>>(user, 'GET', '/api/accounts');
    const spare = await given.account(context.app, user, {
      name: 'Spare',
      type: 'cash',
    });
    const created = await given.recurring(context.app, user, {
      ...netflix({ startDate: '2026-12-01' }),
      interval: 3,
      note: 'Kept',
      accountId: spare._id,
    });
    // The original client's update: none of the new fields.
    const updated = await ok<Recurring>(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      netflix({ startDate: '2026-12-01', amount: 9.99 }),
    );
    expect(updated).toMatchObject({
      amount: 9.99,
      interval: 3,
      note: 'Kept',
      accountId: spare._id,
    });

    expect((await call(user, 'DELETE', `/api/accounts/${spare._id}`)).statusCode).toBe(200);
    const [listed] = await ok<Recurring[]>(user, 'GET', '/api/recurring');
    expect(listed!.accountId).toBeNull();
    setToday('2026-12-01');
    await ok(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      netflix({ startDate: '2026-12-01', amount: 9.99 }),
    );
    const [recorded] = await allTransactions(user);
    expect(recorded).toMatchObject({ accountId: main!._id, recurringId: created._id });
  });
});

describe('interval, end date, account and note: refusals', () => {
  it.each([
    [{ interval: 0 }, 'Repeat every 1 to 365 days, weeks, months or years.'],
    [{ interval: 366 }, 'Repeat every 1 to 365 days, weeks, months or years.'],
    [{ interval: 1.5 }, 'Repeat every 1 to 365 days, weeks, months or years.'],
    [{ interval: 'two' }, 'Repeat every 1 to 365 days, weeks, months or years.'],
    [{ endDate: '2026-07-31' }, 'The end date must not be before the start date.'],
    [{ endDate: '2026-02-30' }, 'Please enter a valid date (YYYY-MM-DD).'],
    [{ note: `${'x'.repeat(501)}` }, 'Note must be at most 500 characters long.'],
  ])('refuses %o with 400 and creates nothing', async (fields, message) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'POST', '/api/recurring/create', netflix(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { message: string }) => error.message)).toContain(
      message,
    );
    expect(await ok(user, 'GET', '/api/recurring')).toEqual([]);
    expect(await allTransactions(user)).toEqual([]);
  });

  it("answers 404 for another user's account and records nothing", async () => {
    const owner = await signUp(context.app, { setup: true });
    const [theirs] = await ok<Array<{ _id: string }>>(owner, 'GET', '/api/accounts');
    const user = await signUp(context.app, { setup: true });
    for (const accountId of [theirs!._id, '01a21990-0000-7000-8000-000000000000', 'not-an-id']) {
      const response = await call(user, 'POST', '/api/recurring/create', netflix({ accountId }));
      expect(response.statusCode, accountId).toBe(404);
    }
    expect(await ok(user, 'GET', '/api/recurring')).toEqual([]);
    expect(await allTransactions(user)).toEqual([]);
    expect(await allTransactions(owner)).toEqual([]);
  });

  it('moving the start after a kept end date is a 400 that changes nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    const created = await given.recurring(context.app, user, netflix({ endDate: '2026-09-30' }));
    const response = await call(
      user,
      'PUT',
      `/api/recurring/${created._id}`,
      netflix({ startDate: '2026-10-15' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The end date must not be before the start date.');
    expect(await ok(user, 'GET', '/api/recurring')).toEqual([created]);
  });
});

describe('GET /api/recurring/upcoming', () => {
  it('lists the occurrences from tomorrow on, oldest first, of running rules only', async () => {
    const user = await signUp(context.app, { setup: true });
    const rent = await given.recurring(context.app, user, {
      name: 'Rent',
      category: 'Bills',
      amount: 950,
      isIncome: false,
      frequency: 'monthly',
      startDate: '2026-10-25',
    });
    const pay = await given.recurring(context.app, user, {
      name: 'Salary',
      category: 'Salary',
      amount: 3412.57,
      isIncome: true,
      frequency: 'weekly',
      interval: 2,
      startDate: '2026-11-13',
    });
    await given.recurring(context.app, user, netflix({ endDate: '2026-11-10' }));
    const other = await signUp(context.app, { setup: true });
    await given.recurring(context.app, other, netflix({ startDate: '2026-11-21' }));

    const upcoming = await ok<UpcomingOccurrence[]>(user, 'GET', '/api/recurring/upcoming?days=30');
    expect(upcoming).toEqual([
      {
        recurringId: rent._id,
        name: 'Rent',
        amount: 950,
        isIncome: false,
        accountId: rent.accountId,
        date: '2026-11-25',
      },
      {
        recurringId: pay._id,
        name: 'Salary',
        amount: 3412.57,
        isIncome: true,
        accountId: pay.accountId,
        date: '2026-11-27',
      },
      {
        recurringId: pay._id,
        name: 'Salary',
        amount: 3412.57,
        isIncome: true,
        accountId: pay.accountId,
        date: '2026-12-11',
      },
    ]);
    const week = await ok<UpcomingOccurrence[]>(user, 'GET', '/api/recurring/upcoming?days=7');
    expect(week.map((occurrence) => occurrence.date)).toEqual(['2026-11-25', '2026-11-27']);
    // Thirty days by default.
    expect(await ok(user, 'GET', '/api/recurring/upcoming')).toEqual(upcoming);
  });

  it.each(['0', '367', 'abc', '1.5', '-3'])('refuses days=%s with 400', async (days) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'GET', `/api/recurring/upcoming?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('days must be a whole number from 1 to 366.');
  });
});
