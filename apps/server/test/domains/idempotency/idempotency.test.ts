// POST /transactions with an Idempotency-Key (docs/api.md, Idempotency): the same key and body
// within 24 h returns the first answer and records nothing new, whoever sends it and however often.
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@moneta/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/database';
import {
  TEST_CONFIG,
  TEST_JWT_SECRET,
  createTestApp,
  signUp,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
});
afterAll(async () => {
  await context.close();
});

const lunch = {
  name: 'Lunch',
  category: 'Food',
  cost: 12.4,
  addedOn: '2026-03-10',
  isIncome: false,
};

function post(user: SignedUpUser, payload: object, key?: string, app = context.app) {
  return app.inject({
    method: 'POST',
    url: '/api/transactions',
    headers: { ...user.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload,
  });
}

/** A replay: the first answer again, byte for byte, marked as such. */
function expectReplayOf(first: LightMyRequestResponse, replay: LightMyRequestResponse) {
  expect(replay.statusCode, replay.body).toBe(first.statusCode);
  expect(replay.body).toBe(first.body);
  expect(replay.headers['idempotent-replayed']).toBe('true');
}

async function transactionCount(user: SignedUpUser): Promise<number> {
  const { rows } = await context.database.pool.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM transactions WHERE user_id = $1',
    [user.id],
  );
  return rows[0]!.count;
}

async function storedKeys(user: SignedUpUser): Promise<string[]> {
  const { rows } = await context.database.pool.query<{ key: string }>(
    'SELECT key FROM idempotency_keys WHERE user_id = $1 ORDER BY key',
    [user.id],
  );
  return rows.map((row) => row.key);
}

describe('POST /api/transactions with an Idempotency-Key: retries', () => {
  it('answers a retry with the first answer and records one transaction', async () => {
    const user = await signUp(context.app, { setup: true });
    const key = randomUUID();
    const first = await post(user, lunch, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    expectReplayOf(first, await post(user, lunch, key));
    expect(await transactionCount(user)).toBe(1);

    // Changed or deleted since, the retry still gets what the first request was answered.
    const id = first.json<Transaction>()._id;
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/transactions/${id}`,
      headers: user.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expectReplayOf(first, await post(user, lunch, key));
    expect(await transactionCount(user)).toBe(0);
  });

  it('records one transaction for 10 identical requests sent at once', async () => {
    const user = await signUp(context.app, { setup: true });
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(user, lunch, key)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const ids = new Set(responses.map((response) => response.json<Transaction>()._id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'])).toHaveLength(9);
    expect(await transactionCount(user)).toBe(1);
  });

  it('records one transaction when the duplicates reach two servers on one database', async () => {
    const database = openDatabase(context.databaseUrl, { maxConnections: 5 });
    const other = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
    });
    try {
      const user = await signUp(context.app, { setup: true });
      const key = randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          post(user, lunch, key, index % 2 ? other : context.app),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBe(201);
      expect(new Set(responses.map((response) => response.body)).size).toBe(1);
      expect(await transactionCount(user)).toBe(1);
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('refuses the same key with another body (422) and keeps the first answer', async () => {
    const user = await signUp(context.app, { setup: true });
    const key = randomUUID();
    const first = await post(user, lunch, key);
    expect(first.statusCode).toBe(201);

    for (const other of [
      { ...lunch, cost: 12.5 },
      { ...lunch, note: 'with a friend' },
    ]) {
      const reused = await post(user, other, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual({
        message:
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await transactionCount(user)).toBe(1);
    expectReplayOf(first, await post(user, lunch, key));
  });

  it('treats the same body with its fields in another order, or blanks trimmed, as the same', async () => {
    const user = await signUp(context.app, { setup: true });
    const key = randomUUID();
    const first = await post(user, lunch, key);
    const reordered = Object.fromEntries(Object.entries({ ...lunch, name: ' Lunch ' }).reverse());
    expectReplayOf(first, await post(user, reordered, key));
    expect(await transactionCount(user)).toBe(1);
  });
});

describe('POST /api/transactions with an Idempotency-Key: keys per user and their limits', () => {
  it('keeps keys per user: the same key of two users makes two transactions', async () => {
    const alice = await signUp(context.app, { setup: true });
    const bob = await signUp(context.app, { setup: true });
    const key = 'shared-key-1';
    const fromAlice = await post(alice, lunch, key);
    const fromBob = await post(bob, { ...lunch, cost: 99 }, key);
    expect(fromAlice.statusCode).toBe(201);
    expect(fromBob.statusCode).toBe(201);
    expect(fromBob.headers['idempotent-replayed']).toBeUndefined();
    expect(fromBob.json<Transaction>()._id).not.toBe(fromAlice.json<Transaction>()._id);
    expect(fromBob.json<Transaction>().cost).toBe(99);
    expect(await transactionCount(alice)).toBe(1);
    expect(await transactionCount(bob)).toBe(1);
  });

  it('creates a transaction per request without a key, as before', async () => {
    const user = await signUp(context.app, { setup: true });
    expect((await post(user, lunch)).statusCode).toBe(201);
    expect((await post(user, lunch)).statusCode).toBe(201);
    expect(await transactionCount(user)).toBe(2);
    expect(await storedKeys(user)).toEqual([]);
  });

  it('refuses a key that is empty, too long, or not visible ASCII (400), recording nothing', async () => {
    const user = await signUp(context.app, { setup: true });
    for (const key of ['', 'x'.repeat(201), 'two words', 'tab\there', 'clé-é']) {
      const response = await post(user, lunch, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json(), JSON.stringify(key)).toMatchObject({
        code: 'VALIDATION',
        message: 'Idempotency-Key must be 1 to 200 visible ASCII characters, without spaces.',
      });
    }
    expect(await transactionCount(user)).toBe(0);
    const longest = await post(user, lunch, `~${'k'.repeat(198)}!`);
    expect(longest.statusCode).toBe(201);
  });

  it('does not keep a failed request: a retry after the failure runs again', async () => {
    const user = await signUp(context.app, { setup: true });
    const key = randomUUID();
    const failed = await post(user, { ...lunch, accountId: randomUUID() }, key);
    expect(failed.statusCode).toBe(404);
    expect(await storedKeys(user)).toEqual([]);
    const invalid = await post(user, { ...lunch, cost: -1 }, key);
    expect(invalid.statusCode).toBe(400);
    const fixed = await post(user, lunch, key);
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await transactionCount(user)).toBe(1);
  });

  it('forgets a key after 24 hours and prunes expired keys on the next keyed request', async () => {
    const user = await signUp(context.app, { setup: true });
    const first = await post(user, lunch, 'daily-1');
    await post(user, lunch, 'daily-2');
    await context.database.pool.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1`,
      [user.id],
    );
    const again = await post(user, { ...lunch, cost: 1 }, 'daily-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json<Transaction>()._id).not.toBe(first.json<Transaction>()._id);
    expect(await transactionCount(user)).toBe(3);
    // daily-2 expired and was pruned; daily-1 holds its new answer.
    expect(await storedKeys(user)).toEqual(['daily-1']);
    expectReplayOf(again, await post(user, { ...lunch, cost: 1 }, 'daily-1'));
  });

  it('describes the header in the OpenAPI description', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    const parameters = response.json().paths['/api/transactions/'].post.parameters as Array<{
      in: string;
      name: string;
      required?: boolean;
    }>;
    expect(parameters).toContainEqual(
      expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
    );
  });
});
