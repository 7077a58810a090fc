import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { ErrorCode, MAX_SEARCH_TERMS } from '@moneta/shared';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAVY_UPLOAD_BYTES } from '../../src/http/heavy-work';
import { loggerOptions } from '../../src/logger';
import { given, inHousehold } from '../support/given';
import { multipartBody, uploadImport } from '../support/import-files';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

/**
 * One user cannot starve or freeze the others (docs/reliability.md): heavy work one at a time per
 * household, a fair share of the connections, a time limit on statements, a bounded search,
 * logs without query parameters, refused uploads answered at once.
 */

/** A bank CSV of `count` rows, each different. */
function bankCsv(count: number, start = 0): Buffer {
  const lines = ['Date,Description,Amount'];
  for (let index = start; index < start + count; index++) {
    const day = String((index % 28) + 1).padStart(2, '0');
    lines.push(`2026-03-${day},Shop number ${index},-${(index % 500) + 1}.25`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** Holds a lock on the user's row: their writes wait (holding a connection) until `release`. */
async function lockUserRow(databaseUrl: string, userId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  return {
    /** Resolves once `count` statements of the app wait on the lock. */
    async blocked(count = 1) {
      for (let tries = 0; tries < 200; tries++) {
        // Within a transaction, the activity view is read once unless cleared.
        await client.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await client.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.waiting >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error('nothing waits on the lock');
    },
    async release() {
      await client.query('ROLLBACK');
      await client.end();
    },
  };
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

// The app and users of the first group, which boots them in its beforeAll; the other groups
// boot apps of their own with other limits.
let context: TestContext;
let alice: SignedUpUser;
let bob: SignedUpUser;

const staged = async (user: SignedUpUser, start: number) => {
  const response = await uploadImport(context.app, user, 'bank.csv', bankCsv(20, start));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string }>()._id;
};

const commit = (user: SignedUpUser, id: string) =>
  context.app.inject({
    method: 'POST',
    url: `/api/imports/${id}/commit`,
    headers: user.headers,
    payload: {},
  });

/** A bank file over 1 MB is heavy work: refused while the user's commit runs; Bob's is read. */
async function largeUploadsWhileAliceCommits() {
  const first = await staged(alice, 500);
  const lock = await lockUserRow(context.databaseUrl, alice.id);
  const running = commit(alice, first);
  await lock.blocked();
  try {
    const largeFile = bankCsv(40_000, 1000);
    expect(largeFile.length).toBeGreaterThan(HEAVY_UPLOAD_BYTES);
    const refused = await uploadImport(context.app, alice, 'large.csv', largeFile);
    expect([refused.statusCode, refused.json().code]).toEqual([409, ErrorCode.BUSY]);
    const bobs = await uploadImport(context.app, bob, 'large.csv', largeFile);
    expect(bobs.statusCode, bobs.body).toBe(201);
  } finally {
    await lock.release();
  }
  expect((await running).statusCode).toBe(200);
  const small = await uploadImport(context.app, alice, 'bank.csv', bankCsv(20, 600));
  expect(small.statusCode, small.body).toBe(201);
}

describe('heavy work, fair share and the search limit', () => {
  beforeAll(async () => {
    context = await createTestApp();
    alice = await signUp(context.app, { setup: true });
    bob = await signUp(context.app, { setup: true });
  });
  afterAll(async () => {
    await context.close();
  });

  it('a second restore, commit or export of the same user while one runs is a 409 BUSY; another user is served', async () => {
    const first = await staged(alice, 0);
    const second = await staged(alice, 100);
    const bobsImport = await staged(bob, 200);
    const lock = await lockUserRow(context.databaseUrl, alice.id);
    // Waits on the lock, as heavy work of Alice's.
    const running = commit(alice, first);
    await lock.blocked();
    try {
      const again = await commit(alice, second);
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ code: ErrorCode.BUSY, message: expect.any(String) });
      expect(again.json<{ message: string }>().message).toMatch(/still running/);

      const exported = await context.app.inject({
        method: 'GET',
        url: '/api/export',
        headers: alice.headers,
      });
      expect(exported.statusCode).toBe(409);
      expect(exported.json()).toMatchObject({ code: ErrorCode.BUSY });

      const body = multipartBody([{ field: 'file', fileName: 'x.zip', bytes: Buffer.from('PK') }]);
      const restored = await context.app.inject({
        method: 'POST',
        url: '/api/export/restore',
        payload: body.payload,
        headers: { ...body.headers, ...alice.headers },
      });
      expect(restored.statusCode).toBe(409);
      expect(restored.json()).toMatchObject({ code: ErrorCode.BUSY });

      // Bob's heavy work runs meanwhile.
      expect((await commit(bob, bobsImport)).statusCode).toBe(200);
      const bobsExport = await context.app.inject({
        method: 'GET',
        url: '/api/export',
        headers: bob.headers,
      });
      expect(bobsExport.statusCode).toBe(200);
    } finally {
      await lock.release();
    }
    expect((await running).statusCode).toBe(200);
    // Over: the next one runs.
    expect((await commit(alice, second)).statusCode).toBe(200);
  });

  it('reads a bank file over 1 MB as heavy work: one at a time per household', () =>
    largeUploadsWhileAliceCommits());

  it('counts heavy work per household: a member’s job waits for the other’s, their own household’s runs', async () => {
    const carol = await signUp(context.app, { setup: true });
    const [home] = (
      await context.app.inject({ method: 'GET', url: '/api/households', headers: alice.headers })
    ).json<Array<{ _id: string }>>();
    await given.member(context.app, alice, home!._id, carol, 'owner');
    const carolAtAlices = inHousehold(carol, home!._id);
    const alicesImport = await staged(alice, 300);
    const carolsImport = await staged(carolAtAlices, 400);
    const lock = await lockUserRow(context.databaseUrl, alice.id);
    const running = commit(alice, alicesImport);
    await lock.blocked();
    try {
      const refused = await commit(carolAtAlices, carolsImport);
      expect([refused.statusCode, refused.json().code], refused.body).toEqual([
        409,
        ErrorCode.BUSY,
      ]);
      const body = multipartBody([{ field: 'file', fileName: 'x.zip', bytes: Buffer.from('PK') }]);
      const restored = await context.app.inject({
        method: 'POST',
        url: '/api/export/restore',
        payload: body.payload,
        headers: { ...body.headers, ...carolAtAlices.headers },
      });
      expect(restored.statusCode, restored.body).toBe(409);
      // Carol's own household (her default) is another household: its heavy work runs.
      const own = await context.app.inject({
        method: 'GET',
        url: '/api/export',
        headers: carol.headers,
      });
      expect(own.statusCode, own.body).toBe(200);
    } finally {
      await lock.release();
    }
    expect((await running).statusCode).toBe(200);
    expect((await commit(carolAtAlices, carolsImport)).statusCode).toBe(200);
  });

  it("while one user's requests wait on the database, another user's list answers at once", async () => {
    const lock = await lockUserRow(context.databaseUrl, alice.id);
    // More than the whole pool (5 in tests): before the fair share, they held every connection.
    const waiting = Array.from({ length: 8 }, (_, index) =>
      context.app.inject({
        method: 'POST',
        url: '/api/transactions',
        headers: alice.headers,
        payload: {
          name: `Blocked ${index}`,
          cost: 1,
          category: 'Food',
          addedOn: '2026-03-01',
          isIncome: false,
        },
      }),
    );
    await lock.blocked();
    try {
      const { result, ms } = await timed(() =>
        context.app.inject({ method: 'GET', url: '/api/transactions', headers: bob.headers }),
      );
      expect(result.statusCode).toBe(200);
      expect(ms).toBeLessThan(2000);
      expect(context.database.fairShare.load(alice.id)).toMatchObject({ active: 1 });
    } finally {
      await lock.release();
    }
    for (const response of await Promise.all(waiting)) expect(response.statusCode).toBe(201);
  });

  it(`a search of more than ${MAX_SEARCH_TERMS} terms is a clear 400; ${MAX_SEARCH_TERMS} are fine`, async () => {
    const search = (count: number) =>
      context.app.inject({
        method: 'GET',
        url: '/api/transactions',
        headers: alice.headers,
        query: { search: Array.from({ length: count }, (_, index) => `-w${index}`).join(' ') },
      });
    const refused = await search(MAX_SEARCH_TERMS + 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/too many terms/);
    expect((await search(MAX_SEARCH_TERMS)).statusCode).toBe(200);
  });
});

describe('a statement over the time limit', () => {
  let context: TestContext;
  let user: SignedUpUser;

  beforeAll(async () => {
    context = await createTestApp({}, { statementTimeoutMs: 30 });
    user = await signUp(context.app, { setup: true });
    // A register large enough that a search of many exclusions reads for longer than 30 ms.
    // On a connection of its own: the app's pool holds statements to the 30 ms limit.
    const client = new pg.Client({ connectionString: context.databaseUrl });
    await client.connect();
    await client.query(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
       SELECT gen_random_uuid(), $1, 'Row ' || n || ' of a long register', 'Food', 100 + n % 1000,
              DATE '2020-01-01' + n % 2000, false
       FROM generate_series(1, 200000) AS n`,
      [user.id],
    );
    await client.query('ANALYZE transactions');
    await client.end();
  }, 120_000);
  afterAll(async () => {
    await context.close();
  });

  it('answers a search as one to narrow, never a 500', async () => {
    const terms = Array.from({ length: MAX_SEARCH_TERMS }, (_, index) => `-zz${index}q`);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: user.headers,
      query: { search: terms.join(' ') },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: ErrorCode.QUERY_TOO_BROAD,
      message: expect.stringMatching(/^This search is too broad: narrow it/),
    });
  });
});

describe('logs and refused uploads', () => {
  let context: TestContext;
  let user: SignedUpUser;
  let baseUrl: string;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const logger = pino(loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }), sink);
    context = await createTestApp({ logger });
    user = await signUp(context.app, { setup: true });
    await context.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(context.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await context.close();
  });

  it("a failed query's log line holds its SQL at most, never its parameters", async () => {
    const marker = 'CONTENT-OF-A-FILE-0123456789';
    // A failure no service expects: a constraint the test adds, that this note breaks.
    await context.database.pool.query(
      `ALTER TABLE transactions ADD CONSTRAINT test_no_marker CHECK (note IS NULL OR note NOT LIKE '%${marker}%')`,
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: user.headers,
      payload: {
        name: 'Lunch',
        cost: 1,
        category: 'Food',
        addedOn: '2026-03-01',
        isIncome: false,
        note: `${marker} ${'x'.repeat(300)}`,
      },
    });
    expect(response.statusCode).toBe(500);
    const failed = lines.filter((line) => line.includes('request failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('insert into');
    expect(failed[0]).toContain('23514');
    for (const line of lines) expect(line).not.toContain(marker);
  });

  it('a refused 1 MB upload is answered at once over a real socket', async () => {
    const body = multipartBody([
      { field: 'file', fileName: 'x.csv', bytes: Buffer.alloc(1_000_000) },
    ]);
    // Untimed first: the reading thread's first start (tsx compiling its sources in tests; the
    // built server's starts in milliseconds) is not what this measures.
    await uploadImport(context.app, user, 'warm.csv', Buffer.alloc(10));
    const { result, ms } = await timed(async () => {
      const response = await fetch(`${baseUrl}/api/imports`, {
        method: 'POST',
        headers: { ...body.headers, ...user.headers },
        body: body.payload,
      });
      return { status: response.status, body: await response.text() };
    });
    expect(result.status, result.body).toBe(415);
    expect(ms).toBeLessThan(2000);
  });

  it('health answers within 1 s while a large CSV is imported', async () => {
    const csv = bankCsv(Number(process.env.FAIR_SHARE_IMPORT_ROWS ?? 250_000));
    const body = multipartBody([{ field: 'file', fileName: 'large.csv', bytes: csv }]);
    let isImporting = true;
    const uploading = fetch(`${baseUrl}/api/imports`, {
      method: 'POST',
      headers: { ...body.headers, ...user.headers },
      body: body.payload,
    }).then(async (response) => ({ status: response.status, body: await response.text() }));
    void uploading.finally(() => {
      isImporting = false;
    });
    let slowest = 0;
    let checks = 0;
    while (isImporting) {
      const { result, ms } = await timed(() => fetch(`${baseUrl}/api/health`));
      expect(result.status).toBe(200);
      slowest = Math.max(slowest, ms);
      checks++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const uploaded = await uploading;
    expect(uploaded.status, uploaded.body).toBe(201);
    expect(checks).toBeGreaterThan(5);
    expect(slowest).toBeLessThan(1000);
  }, 180_000);
});
