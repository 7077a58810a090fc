import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { ErrorCode, MAX_SEARCH_TERMS } from '@moneta/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSIVE_WORK_NICENESS } from '../../src/db/cpu-priority';
import { createTestApp, signUp, type SignedUpUser, type TestContext } from '../test-app';

/**
 * One user's broad searches cannot take every core (docs/reliability.md): counted in connections, a
 * user's share (a quarter of the pool) let two searches of seconds each run at once, both cores
 * of a 2-core machine. Now a user runs at most half the cores' worth of searches at once, the
 * others wait their turn, and a search's statement runs at a lower CPU priority than an ordinary
 * request's, so another user's list is served first.
 */

const REGISTER_ROWS = 200_000;
const SEARCHES = 4;

/** The searches PostgreSQL is reading now (only Alice searches): their backends' process ids. */
async function runningSearches(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
     WHERE datname = current_database() AND state = 'active' AND query LIKE '%NOT LIKE%'
       AND pid <> pg_backend_pid()`,
  );
  return rows.map((row) => row.pid);
}

/**
 * A backend's niceness, and its session's where the kernel weighs sessions as groups
 * (autogroup): the one that counts there.
 */
function nicenessOf(pid: number): string {
  const group = `/proc/${pid}/autogroup`;
  const groupNice = existsSync(group) ? /nice (-?\d+)/.exec(readFileSync(group, 'utf8'))?.[1] : '-';
  return `${getPriority(pid)}/${groupNice}`;
}

function expectSearchAnswered(response: { statusCode: number; body: string; json(): unknown }) {
  if (response.statusCode === 200) return;
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toMatchObject({ code: ErrorCode.QUERY_TOO_BROAD });
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

describe("a user's searches, counted in cores", () => {
  let context: TestContext;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let observer: pg.Client;

  beforeAll(async () => {
    // Two cores, as on the smallest machine Moneta runs on: one search of a user at a time.
    context = await createTestApp({}, { cores: 2, maxConnections: 8 });
    alice = await signUp(context.app, { setup: true });
    bob = await signUp(context.app, { setup: true });
    observer = new pg.Client({ connectionString: context.databaseUrl });
    await observer.connect();
    // A register whose search of many exclusions reads for a while.
    await observer.query(
      `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
       SELECT gen_random_uuid(), $1, 'Row ' || n || ' of a long register', 'Food', 100 + n % 1000,
              DATE '2020-01-01' + n % 2000, false
       FROM generate_series(1, $2::int) AS n`,
      [alice.id, REGISTER_ROWS],
    );
    await observer.query('ANALYZE transactions');
  }, 120_000);
  afterAll(async () => {
    await observer.end();
    await context.close();
  });

  const search = (user: SignedUpUser, index: number) =>
    context.app.inject({
      method: 'GET',
      url: '/api/transactions',
      headers: user.headers,
      query: {
        search: Array.from({ length: MAX_SEARCH_TERMS }, (_, term) => `-q${index}x${term}`).join(
          ' ',
        ),
      },
    });

  it("runs one of a user's searches at a time, at a lower CPU priority", async () => {
    let isSearching = true;
    const searches = Promise.all(
      Array.from({ length: SEARCHES }, (_, index) => search(alice, index)),
    ).finally(() => {
      isSearching = false;
    });
    // Sampled while they run: the most read at once, and their backends' niceness.
    let mostAtOnce = 0;
    let mostWaiting = 0;
    const niceness = new Set<string>();
    while (isSearching) {
      const backends = await runningSearches(observer);
      mostAtOnce = Math.max(mostAtOnce, backends.length);
      mostWaiting = Math.max(mostWaiting, context.database.searchShare.load(alice.id).waiting);
      for (const pid of backends) niceness.add(nicenessOf(pid));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Counted in connections (2 of the pool of 8) two of them ran at once.
    expect(mostAtOnce).toBe(1);
    expect(mostWaiting).toBeGreaterThan(0);
    const expected = existsSync('/proc/self/autogroup') ? EXPENSIVE_WORK_NICENESS : '-';
    expect([...niceness]).toEqual([`${EXPENSIVE_WORK_NICENESS}/${expected}`]);
    // On a machine busy with other work, a search at the lower priority may reach the statement
    // limit: then it is one to narrow, never a failure.
    for (const response of await searches) expectSearchAnswered(response);
    expect(context.database.searchShare.load(alice.id)).toEqual({ active: 0, waiting: 0 });
  }, 120_000);

  it("another user's list is served at once while one user's searches run", async () => {
    const quiet = await timed(() =>
      context.app.inject({ method: 'GET', url: '/api/transactions', headers: bob.headers }),
    );
    expect(quiet.result.statusCode).toBe(200);
    const searches = Promise.all(
      Array.from({ length: SEARCHES }, (_, index) => search(alice, index)),
    );
    while ((await runningSearches(observer)).length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Bob's list meanwhile: on an ordinary connection, at the ordinary priority.
    const busy = await timed(() =>
      context.app.inject({ method: 'GET', url: '/api/transactions', headers: bob.headers }),
    );
    expect(busy.result.statusCode).toBe(200);
    expect(busy.ms).toBeLessThan(Math.max(2000, quiet.ms * 20));
    for (const response of await searches) expectSearchAnswered(response);
  }, 120_000);

  it('an ordinary request runs at the ordinary priority', async () => {
    const { rows } = await context.database.pool.query<{ pid: number }>(
      'SELECT pg_backend_pid() AS pid',
    );
    const expected = existsSync('/proc/self/autogroup') ? '0' : '-';
    expect(nicenessOf(rows[0]!.pid)).toBe(`0/${expected}`);
  });
});
