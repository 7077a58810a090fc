import { ErrorCode } from '@moneta/shared';
import type { Household } from '@moneta/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { given, inHousehold } from '../support/given';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

/**
 * A user whose requests are refused for their input again and again is slowed before their
 * next request costs the server anything (docs/reliability.md, "Refused requests"): 429 from
 * the authentication step, before validation, held for a second; other users, members of the
 * same household among them, are not touched.
 */

const PER_MINUTE = 4;
const clock = { ms: Date.parse('2026-06-01T10:00:00Z') };
let context: TestContext;

beforeAll(async () => {
  context = await createTestApp({
    refusedPerMinute: PER_MINUTE,
    now: () => new Date(clock.ms),
  });
});
afterAll(() => context?.close());

const call = (
  user: SignedUpUser,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) => context.app.inject({ method, url, headers: { ...user.headers, ...headers }, payload });

/** A list request whose page is not a number: refused by validation (400). */
const refusedList = (user: SignedUpUser) => call(user, 'GET', '/api/transactions?page=abc');

async function transactionCount(user: SignedUpUser): Promise<number> {
  const response = await call(user, 'GET', '/api/transactions?limit=1');
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number }>().total;
}

describe('a budget of refused requests per user', () => {
  it('answers 429 past the budget, before validation, after a pause; nothing is written', async () => {
    const alice = await signUp(context.app, { setup: true });
    const before = await transactionCount(alice);
    for (let refusal = 0; refusal < PER_MINUTE; refusal++) {
      const refused = await refusedList(alice);
      expect(refused.statusCode).toBe(400);
    }

    const started = performance.now();
    const held = await call(alice, 'POST', '/api/transactions', {
      name: 'Coffee',
      category: 'Food',
      cost: 3.5,
      addedOn: '2026-05-30',
      isIncome: false,
    });
    expect(held.statusCode).toBe(429);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
    expect(held.json()).toMatchObject({ code: ErrorCode.RATE_LIMITED });
    expect(held.json<{ message: string }>().message).toMatch(/refused/);
    // Four a minute: one comes back every 15 s.
    expect(held.headers['retry-after']).toBe('15');
    // Not validated: what would be a 400 is the same 429.
    expect((await refusedList(alice)).statusCode).toBe(429);

    clock.ms += 15_000;
    expect(await transactionCount(alice)).toBe(before);
  });

  it('comes back with time, a refusal at a time', async () => {
    const alice = await signUp(context.app, { setup: true });
    for (let refusal = 0; refusal < PER_MINUTE; refusal++) await refusedList(alice);
    expect((await call(alice, 'GET', '/api/transactions')).statusCode).toBe(429);
    clock.ms += 15_000;
    expect((await call(alice, 'GET', '/api/transactions')).statusCode).toBe(200);
    expect((await refusedList(alice)).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/api/transactions')).statusCode).toBe(429);
    clock.ms += 60_000;
    for (let request = 0; request < PER_MINUTE; request++) {
      expect((await refusedList(alice)).statusCode).toBe(400);
    }
  });

  it('keeps to the user refused: another user, and a member of the same household, go on', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const carol = await signUp(context.app, { setup: true });
    const [home] = (await call(alice, 'GET', '/api/households')).json<Household[]>();
    await given.member(context.app, alice, home!._id, carol, 'viewer');
    const carolAtAlice = inHousehold(carol, home!._id);

    for (let refusal = 0; refusal < PER_MINUTE; refusal++) await refusedList(alice);
    expect((await call(alice, 'GET', '/api/transactions')).statusCode).toBe(429);
    expect((await call(bob, 'GET', '/api/transactions')).statusCode).toBe(200);
    const carolsRead = await context.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: carolAtAlice.headers,
    });
    expect(carolsRead.statusCode).toBe(200);
    // A viewer's refused write (403) is not a refusal of input: it spends nothing.
    for (let request = 0; request < PER_MINUTE + 2; request++) {
      const write = await context.app.inject({
        method: 'DELETE',
        url: '/api/transactions/00000000-0000-4000-8000-000000000000',
        headers: carolAtAlice.headers,
      });
      expect(write.statusCode).toBe(403);
    }
    expect((await refusedList(carol)).statusCode).toBe(400);
    clock.ms += 60_000;
  });

  it('spends nothing on answers that are not refusals of input (404, 409)', async () => {
    const alice = await signUp(context.app, { setup: true });
    for (let request = 0; request < PER_MINUTE * 3; request++) {
      const missing = await call(
        alice,
        'GET',
        `/api/transactions/00000000-0000-4000-8000-00000000000${request % 10}`,
      );
      expect(missing.statusCode).toBe(404);
    }
    expect((await call(alice, 'GET', '/api/transactions')).statusCode).toBe(200);
  });
});
