// Savings goals through HTTP (docs/api.md, Goals): what is saved (an account's balance, converted
// when the currencies differ, or what the user records), the percent and what is needed per month —
// each checked against a figure computed here.
import type { Account, Goal } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../support/api-calls';
import { given } from '../../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../../test-app';

// "Today" is 2026-03-15 in UTC.
const NOW = new Date('2026-03-15T12:00:00.000Z');

let context: TestContext;
const { call, ok } = apiCalls(() => context.app);
beforeAll(async () => {
  context = await createTestApp({ now: () => NOW });
});
afterAll(async () => {
  await context.close();
});

type Payload = Record<string, unknown>;

const createGoal = (user: SignedUpUser, payload: Payload) =>
  given.goal(context.app, user, { name: 'Holiday', targetAmount: 1200, ...payload });

/** Rounds up to the cent, as a monthly amount that must reach the target. */
const upToCent = (value: number) => Math.ceil(Math.round(value * 1e6) / 1e4) / 100;

describe('goals: savings and linked accounts', () => {
  it('records what is saved and says what each month needs until the date', async () => {
    const user = await signUp(context.app, { setup: true });
    const goal = await createGoal(user, { saved: 250, targetDate: '2026-12-31' });
    // March to December, both counted: 10 months for the 950 missing.
    const months = 10;
    expect(goal).toEqual({
      _id: expect.any(String),
      name: 'Holiday',
      targetAmount: 1200,
      currency: 'USD',
      targetDate: '2026-12-31',
      accountId: null,
      saved: 250,
      percent: Math.round((250 / 1200) * 100),
      monthlyNeeded: upToCent((1200 - 250) / months),
    });

    // An uneven split rounds up so that the months reach the target.
    const uneven = await createGoal(user, { targetAmount: 100, targetDate: '2026-05-01' });
    expect(uneven.monthlyNeeded).toBe(upToCent(100 / 3));
    expect(uneven.monthlyNeeded! * 3).toBeGreaterThanOrEqual(100);

    // Without a date nothing is needed by a time; a date this month needs all of it now.
    expect(await createGoal(user, { saved: 10 })).toMatchObject({
      monthlyNeeded: null,
      percent: 1,
    });
    expect(await createGoal(user, { saved: 200, targetDate: '2026-03-15' })).toMatchObject({
      monthlyNeeded: 1000,
    });

    // Reached: 100 % or more, nothing needed.
    expect(await createGoal(user, { saved: 1500, targetDate: '2026-06-30' })).toMatchObject({
      percent: 125,
      monthlyNeeded: 0,
    });

    const updated = await ok<Goal>(user, 'PUT', `/api/goals/${goal._id}`, {
      name: 'Summer holiday',
      targetAmount: 1200,
      saved: 600,
    });
    // The date was left out: it stays.
    expect(updated).toMatchObject({
      name: 'Summer holiday',
      targetDate: '2026-12-31',
      saved: 600,
      percent: 50,
      monthlyNeeded: 60,
    });
    const list = await ok<Goal[]>(user, 'GET', '/api/goals');
    expect(list.map((item) => item._id)[0]).toBe(goal._id);
    expect(list).toHaveLength(5);

    expect((await call(user, 'DELETE', `/api/goals/${goal._id}`)).statusCode).toBe(200);
    expect(await ok<Goal[]>(user, 'GET', '/api/goals')).toHaveLength(4);
    expect((await call(user, 'DELETE', `/api/goals/${goal._id}`)).statusCode).toBe(404);
  });

  it("takes a linked account's balance, converted into the goal's currency", async () => {
    const user = await signUp(context.app, { setup: true });
    const savings = await given.account(context.app, user, {
      name: 'Savings',
      type: 'savings',
      openingBalance: 800,
    });
    const euros = await given.account(context.app, user, {
      name: 'Euro savings',
      type: 'savings',
      openingBalance: 400,
      currency: 'EUR',
    });
    const linked = await createGoal(user, { accountId: savings._id, targetDate: '2026-08-31' });
    expect(linked).toMatchObject({
      currency: 'USD',
      accountId: savings._id,
      saved: 800,
      percent: Math.round((800 / 1200) * 100),
      monthlyNeeded: upToCent(400 / 6),
    });
    // Money moving into the account is saved at once.
    await given.transaction(context.app, user, {
      name: '',
      category: 'Salary',
      isIncome: true,
      cost: 100,
      addedOn: '2026-03-10',
      accountId: savings._id,
    });
    expect((await ok<Goal[]>(user, 'GET', '/api/goals'))[0]).toMatchObject({ saved: 900 });

    // A euro account's goal is in euros unless told otherwise.
    expect(await createGoal(user, { accountId: euros._id })).toMatchObject({
      currency: 'EUR',
      saved: 400,
    });
    // In dollars: at the latest rate, whatever its age; none known → null.
    const inDollars = await createGoal(user, { accountId: euros._id, currency: 'USD' });
    expect(inDollars).toMatchObject({ saved: null, percent: null, monthlyNeeded: null });
    await ok(user, 'PUT', '/api/rates', { currency: 'EUR', date: '2026-01-02', rate: 1.1 });
    const goals = await ok<Goal[]>(user, 'GET', '/api/goals');
    expect(goals.find((goal) => goal._id === inDollars._id)).toMatchObject({
      saved: 440,
      percent: Math.round((440 / 1200) * 100),
    });

    // Deleting the account unlinks the goal, which then shows what was recorded (nothing).
    await ok(user, 'DELETE', `/api/accounts/${euros._id}`);
    const after = await ok<Goal[]>(user, 'GET', '/api/goals');
    expect(after.find((goal) => goal._id === inDollars._id)).toMatchObject({
      accountId: null,
      saved: 0,
    });
  });
});

describe('goals: refusals and past dates', () => {
  it.each([
    ['a target of 0', { targetAmount: 0 }, 'VALIDATION'],
    ['a negative target', { targetAmount: -5 }, 'VALIDATION'],
    ['a missing name', { name: '  ' }, 'VALIDATION'],
    ['a target date in the past', { targetDate: '2026-03-14' }, 'GOAL_DATE_PAST'],
    ['a date that is not one', { targetDate: '2026-02-30' }, 'VALIDATION'],
    ['an unknown currency', { currency: 'XXX' }, 'VALIDATION'],
    ['yen with decimals', { currency: 'JPY', targetAmount: 10.5 }, 'VALIDATION'],
    ['a negative saved amount', { saved: -1 }, 'VALIDATION'],
  ])('answers 400 for %s', async (_name, payload, code) => {
    const user = await signUp(context.app, { setup: true });
    const response = await call(user, 'POST', '/api/goals', {
      name: 'Holiday',
      targetAmount: 1200,
      ...payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it('keeps a date that has passed when the goal is edited, but takes no new past date', async () => {
    const user = await signUp(context.app, { setup: true });
    const goal = await createGoal(user, { targetDate: '2026-04-30' });
    await context.database.pool.query("UPDATE goals SET target_date = '2026-01-31' WHERE id = $1", [
      goal._id,
    ]);
    const renamed = await call(user, 'PUT', `/api/goals/${goal._id}`, {
      name: 'Late',
      targetAmount: 1200,
      targetDate: '2026-01-31',
    });
    expect(renamed.statusCode).toBe(200);
    // Past its date: everything missing is needed now.
    expect(renamed.json()).toMatchObject({ monthlyNeeded: 1200 });
    const moved = await call(user, 'PUT', `/api/goals/${goal._id}`, {
      name: 'Late',
      targetAmount: 1200,
      targetDate: '2026-02-28',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().code).toBe('GOAL_DATE_PAST');
  });

  it("answers 404 for another user's goal or account", async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const [hers] = await ok<Account[]>(alice, 'GET', '/api/accounts');
    const herGoal = await createGoal(alice, { saved: 5 });
    const bobGoal = await createGoal(bob, {});
    const attempts: Array<[string, string, Payload?]> = [
      ['PUT', `/api/goals/${herGoal._id}`, { name: 'Mine', targetAmount: 1 }],
      ['DELETE', `/api/goals/${herGoal._id}`],
      ['POST', '/api/goals', { name: 'Mine', targetAmount: 1, accountId: hers!._id }],
      ['PUT', `/api/goals/${bobGoal._id}`, { name: 'Mine', targetAmount: 1, accountId: hers!._id }],
      ['PUT', '/api/goals/not-an-id', { name: 'Mine', targetAmount: 1 }],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(bob, method as 'PUT', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await ok<Goal[]>(bob, 'GET', '/api/goals')).toEqual([
      expect.objectContaining({ _id: bobGoal._id, accountId: null }),
    ]);
    expect(await ok<Goal[]>(alice, 'GET', '/api/goals')).toEqual([
      expect.objectContaining({ _id: herGoal._id, name: 'Holiday', saved: 5 }),
    ]);
  });
});
