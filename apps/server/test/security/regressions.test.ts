import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';
import { snapshotDatabase } from './database-snapshot';
import { fixedReceiptReader } from './user-data';

/**
 * The server bugs the fuzz test found, each pinned by the smallest request that showed it
 * (every one of them was a 500 before its fix).
 */
let context: TestContext;
let user: SignedUpUser;

beforeAll(async () => {
  context = await createTestApp({ receiptReader: fixedReceiptReader() });
  user = await signUp(context.app, { setup: true });
});
afterAll(async () => {
  await context.close();
});

function send(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  contentType?: string,
  payload?: string,
) {
  return context.app.inject({
    method,
    url,
    headers: { ...user.headers, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
}

async function expectRefused(
  response: Awaited<ReturnType<typeof send>>,
  status: number,
  before: Awaited<ReturnType<typeof snapshotDatabase>>,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json().message).toEqual(expect.any(String));
  expect(await snapshotDatabase(context.database.pool)).toEqual(before);
}

describe('bugs found by fuzzing', () => {
  it('refuses deeply nested JSON with a 400 instead of overflowing the stack', async () => {
    const before = await snapshotDatabase(context.database.pool);
    for (const body of [
      `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
      `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
    ]) {
      await expectRefused(
        await send('POST', '/api/budgets', 'application/json', body),
        400,
        before,
      );
      await expectRefused(
        await send('DELETE', '/api/users/account', 'application/json', body),
        400,
        before,
      );
    }
  });

  it('answers 400 to a transaction body that is null or missing', async () => {
    const before = await snapshotDatabase(context.database.pool);
    await expectRefused(
      await send('POST', '/api/transactions', 'application/json', 'null'),
      400,
      before,
    );
    await expectRefused(
      await send('POST', '/api/transactions', 'application/json', '"text"'),
      400,
      before,
    );
    // A multipart content type leaves the body undefined for a JSON route.
    await expectRefused(
      await send('POST', '/api/transactions', 'multipart/form-data; boundary=x', '--x--'),
      400,
      before,
    );
  });

  it('answers 400 to a malformed multipart upload', async () => {
    const before = await snapshotDatabase(context.database.pool);
    const cases: Array<[string, string]> = [
      ['multipart/form-data', 'no boundary'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="receipt"; filename="a.png"\r\n\r\nabc',
      ],
    ];
    for (const [contentType, body] of cases) {
      await expectRefused(
        await send('POST', '/api/receipts/upload', contentType, body),
        400,
        before,
      );
    }
  });

  it('keeps chart windows on the calendar: 400 past 9999-12-31, true dates before year 100', async () => {
    const before = await snapshotDatabase(context.database.pool);
    await expectRefused(await send('GET', '/api/transactions/charts?from=9999-12-31'), 400, before);
    // A window without a transaction answers empty lists: one in year 1 makes it draw its days.
    const created = await context.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: user.headers,
      payload: { name: 'Old', category: 'Food', cost: 1, addedOn: '0001-01-15', isIncome: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const early = await send('GET', '/api/transactions/charts?from=0001-01-01');
    expect(early.statusCode, early.body).toBe(200);
    const dates = early.json<{ expensesOverTime: Array<{ date: string }> }>().expensesOverTime;
    expect(dates).toHaveLength(30);
    expect(dates[1]?.date).toBe('0001-01-02');
    expect(dates.at(-1)?.date).toBe('0001-01-30');
    const last = await send('GET', '/api/transactions/charts?to=9999-12-31');
    expect(last.statusCode, last.body).toBe(200);
  });
});
