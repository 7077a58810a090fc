import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase, type DatabaseHandle } from '../../../src/db/database';
import type { UserRow } from '../../../src/db/schema';
import { withRecentUsers } from '../../../src/domains/users/recent-users';
import type { UsersRepository } from '../../../src/domains/users/users-repository';
import type { App } from '../../../src/http/types';
import {
  createTestApp,
  signUp,
  TEST_CONFIG,
  TEST_JWT_SECRET,
  type SignedUpUser,
  type TestContext,
} from '../../test-app';

/** A users repository over an in-memory table that counts its lookups. */
function countingUsers(rows: Map<string, UserRow>) {
  const calls = { findById: 0 };
  const users = {
    async findById(id: string) {
      calls.findById += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return rows.get(id);
    },
    async update(id: string, changes: Partial<UserRow>) {
      const row = rows.get(id);
      if (!row) return undefined;
      const updated = { ...row, ...changes };
      rows.set(id, updated);
      return updated;
    },
    async delete(id: string) {
      return rows.delete(id);
    },
  } as unknown as UsersRepository;
  return { users, calls };
}

const ALICE = {
  id: '01900000-0000-7000-8000-0000000000a1',
  timeZone: 'Europe/Paris',
} as UserRow;

describe('withRecentUsers', () => {
  it('asks the database once for concurrent and repeated lookups within the window', async () => {
    const { users, calls } = countingUsers(new Map([[ALICE.id, ALICE]]));
    let clock = 0;
    const recent = withRecentUsers(users, { ttlMs: 1000, now: () => clock });
    const found = await Promise.all([1, 2, 3].map(() => recent.findRecent(ALICE.id)));
    expect(found.map((user) => user?.timeZone)).toEqual([
      'Europe/Paris',
      'Europe/Paris',
      'Europe/Paris',
    ]);
    clock = 999;
    await recent.findRecent(ALICE.id);
    expect(calls.findById).toBe(1);
    clock = 1000;
    await recent.findRecent(ALICE.id);
    expect(calls.findById).toBe(2);
  });

  it('forgets a user changed or deleted through it at once', async () => {
    const { users, calls } = countingUsers(new Map([[ALICE.id, ALICE]]));
    const recent = withRecentUsers(users, { ttlMs: 60_000, now: () => 0 });
    await recent.findRecent(ALICE.id);
    await recent.update(ALICE.id, { timeZone: 'Asia/Tokyo' });
    expect((await recent.findRecent(ALICE.id))?.timeZone).toBe('Asia/Tokyo');
    await recent.delete(ALICE.id);
    expect(await recent.findRecent(ALICE.id)).toBeUndefined();
    expect(calls.findById).toBe(3);
  });

  it('does not remember a user that was not found', async () => {
    const rows = new Map<string, UserRow>();
    const { users, calls } = countingUsers(rows);
    const recent = withRecentUsers(users, { ttlMs: 60_000, now: () => 0 });
    expect(await recent.findRecent(ALICE.id)).toBeUndefined();
    rows.set(ALICE.id, ALICE);
    expect((await recent.findRecent(ALICE.id))?.id).toBe(ALICE.id);
    expect(calls.findById).toBe(2);
  });
});

describe('an account deleted through another server', () => {
  let context: TestContext;
  const others: Array<{ app: App; database: DatabaseHandle }> = [];

  /** A second server on the same database, remembering users for `ttlMs`. */
  async function otherServer(ttlMs: number): Promise<App> {
    const database = openDatabase(context.databaseUrl, { maxConnections: 3 });
    const app = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
      recentUserTtlMs: ttlMs,
    });
    await app.ready();
    others.push({ app, database });
    return app;
  }

  const count = async (table: string, userId: string) =>
    (
      await context.database.pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM ${table} WHERE user_id = $1`,
        [userId],
      )
    ).rows[0]!.count;

  async function deleteUser(user: SignedUpUser) {
    const response = await context.app.inject({
      method: 'DELETE',
      url: '/api/users/account',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
  }

  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    for (const other of others) {
      await other.app.close();
      await other.database.close();
    }
    await context.close();
  });

  it('turns every write of the remembered user into a 401 and stores nothing', async () => {
    const other = await otherServer(60_000);
    const user = await signUp(context.app, { setup: true });
    const list = await other.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: user.headers,
    });
    expect(list.statusCode).toBe(200);
    await deleteUser(user);

    const writes = [
      {
        url: '/api/transactions',
        payload: {
          name: 'Coffee',
          category: 'Food',
          cost: 3.5,
          addedOn: '2026-11-20',
          isIncome: false,
        },
      },
      { url: '/api/budgets', payload: { category: 'Food', amount: 300, month: 3, year: 2026 } },
      {
        url: '/api/recurring/create',
        payload: {
          name: 'Rent',
          category: 'Bills',
          amount: 950,
          isIncome: false,
          frequency: 'monthly',
          startDate: '2026-03-01',
        },
      },
    ];
    for (const write of writes) {
      const response = await other.inject({ method: 'POST', headers: user.headers, ...write });
      expect(response.statusCode, `${write.url} ${response.body}`).toBe(401);
      expect(response.json()).toEqual({
        message: 'Your session has expired. Please sign in again.',
        code: 'INVALID_TOKEN',
      });
    }
    for (const table of ['transactions', 'budgets', 'recurring_rules', 'user_categories']) {
      expect(await count(table, user.id), table).toBe(0);
    }
    // The app's start-up check always reads afresh.
    const me = await other.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.statusCode).toBe(401);
  });

  it('is refused on reads too once the window has passed', async () => {
    const other = await otherServer(0);
    const user = await signUp(context.app, { setup: true });
    const before = await other.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: user.headers,
    });
    expect(before.statusCode).toBe(200);
    await deleteUser(user);
    const after = await other.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: user.headers,
    });
    expect(after.statusCode).toBe(401);
  });

  it('is refused at once by the server that deleted it', async () => {
    const user = await signUp(context.app, { setup: true });
    await context.app.inject({
      method: 'GET',
      url: '/api/transactions/summary',
      headers: user.headers,
    });
    await deleteUser(user);
    for (const url of ['/api/transactions/summary', '/api/transactions', '/api/auth/me']) {
      const response = await context.app.inject({ method: 'GET', url, headers: user.headers });
      expect(response.statusCode, url).toBe(401);
    }
  });
});
