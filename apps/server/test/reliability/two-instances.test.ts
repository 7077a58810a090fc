// Several real server processes on one PostgreSQL: the first owns its embedded database, the
// others reach it through DATABASE_URL with the same JWT_SECRET, as behind a load balancer.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  embeddedDatabaseUrl,
  signUpOver,
  startMonetaServer,
  postgresProcessesOf,
  waitForNoPostgres,
  type MonetaServer,
} from '../support/moneta-server';

const LOGIN_RATE_LIMIT = 5;
const USERS = 4;
const RULES_PER_USER = 40;
const RULES = USERS * RULES_PER_USER;
const temporaryDirs: string[] = [];
const servers: MonetaServer[] = [];
let first: MonetaServer;
let second: MonetaServer;
let databaseUrl: string;
let pool: pg.Pool;

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'moneta-instances-'));
  await chmod(dir, 0o755);
  temporaryDirs.push(dir);
  return dir;
}

/** One more instance on the shared database, with its own (unused) DATA_DIR. */
async function startSharingInstance(): Promise<MonetaServer> {
  const server = await startMonetaServer({
    DATABASE_URL: databaseUrl,
    DATA_DIR: await newDataDir(),
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
    RECURRING_INTERVAL_MINUTES: '1',
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  const ownerDir = await newDataDir();
  first = await startMonetaServer({
    DATA_DIR: ownerDir,
    LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
    RECURRING_INTERVAL_MINUTES: '1',
  });
  databaseUrl = await embeddedDatabaseUrl(ownerDir);
  second = await startSharingInstance();
  pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
}, 120_000);

afterAll(async () => {
  try {
    await pool?.end();
    // The instances on DATABASE_URL first, then the one whose PostgreSQL they use.
    for (const server of servers) expect((await server.stop()).code).toBe(0);
    if (first) expect((await first.stop()).code).toBe(0);
    expect(await waitForNoPostgres(join(temporaryDirs[0]!, 'postgres'))).toEqual([]);
  } finally {
    // After a failure: whatever is still running is ours; end it by pid.
    for (const server of [...servers, first]) await server?.kill();
    if (temporaryDirs[0]) {
      for (const pid of postgresProcessesOf(join(temporaryDirs[0], 'postgres'))) {
        process.kill(pid, 'SIGKILL');
      }
    }
    for (const dir of temporaryDirs) await rm(dir, { recursive: true, force: true });
  }
}, 60_000);

const email = (label: string) => `${label}-${Date.now()}-${Math.random()}@moneta.dev`;

describe('two server processes on one database: sessions and recurring occurrences', () => {
  it('accepts a token signed by one instance on the other, and each sees the other’s writes', async () => {
    const token = await signUpOver(first.baseUrl, email('token'));
    const me = await api(second.baseUrl, 'GET', '/api/auth/me', { token });
    expect(me.status).toBe(200);

    const created = await api(second.baseUrl, 'POST', '/api/transactions', {
      token,
      body: {
        name: 'Written on B',
        category: 'Food',
        cost: 3.5,
        addedOn: '2026-02-01',
        isIncome: false,
      },
    });
    expect(created.status).toBe(201);
    const listed = await api(first.baseUrl, 'GET', '/api/transactions?search=written', { token });
    expect(listed.status).toBe(200);
    expect((listed.body as { transactions: Array<{ name: string }> }).transactions).toEqual([
      expect.objectContaining({ name: 'Written on B', cost: 3.5 }),
    ]);
  });

  it('records every recurring occurrence exactly once when several schedulers catch up together', async () => {
    const frequencies = ['daily', 'weekly', 'monthly'] as const;
    const users: string[] = [];
    // More rules than one batch claims (50), so that the instances' batches interleave.
    for (let owner = 0; owner < USERS; owner++) {
      const token = await signUpOver(first.baseUrl, email('recurring'));
      users.push(token);
      for (let index = 0; index < RULES_PER_USER; index++) {
        const start = new Date(Date.now() - (30 + index * 18) * 86_400_000);
        const response = await api(first.baseUrl, 'POST', '/api/recurring/create', {
          token,
          body: {
            name: `Rule ${owner}-${index}`,
            category: ['Bills', 'Food', 'Gym'][index % 3],
            amount: 10 + index,
            isIncome: false,
            frequency: frequencies[index % 3],
            startDate: start.toISOString().slice(0, 10),
          },
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
      }
    }
    // What one instance recorded on its own when the rules were saved: the expected counts.
    const expected = await recordedPerRule();
    expect(expected.size).toBe(RULES);

    // Downtime: as if the rules had been saved while no instance ran its scheduler.
    await pool.query('DELETE FROM transactions WHERE recurring_id IS NOT NULL');
    await pool.query('UPDATE recurring_rules SET next_due_date = start_date');
    // Two fresh instances catch up at start, beside the two running ones. A table lock holds
    // every scheduler at its first query until both have started, so that they really race
    // however slowly the machine starts them.
    const gate = await pool.connect();
    let joiners: MonetaServer[];
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE recurring_rules IN EXCLUSIVE MODE');
      joiners = await Promise.all([startSharingInstance(), startSharingInstance()]);
      await gate.query('COMMIT');
    } finally {
      gate.release();
    }

    await expect
      .poll(async () => (await recordedPerRule()).size === RULES && (await dueRules()) === 0, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(true);
    const duplicates = await pool.query(
      `SELECT recurring_id, added_on FROM transactions WHERE recurring_id IS NOT NULL
       GROUP BY recurring_id, added_on HAVING count(*) > 1`,
    );
    expect(duplicates.rows).toEqual([]);
    expect(await recordedPerRule()).toEqual(expected);

    // The running totals (kept by triggers under concurrent inserts) agree with the rows.
    for (const token of users) {
      const summary = await api(joiners[0]!.baseUrl, 'GET', '/api/transactions/summary', { token });
      const me = await api(first.baseUrl, 'GET', '/api/auth/me', { token });
      const { rows } = await pool.query<{ total: string }>(
        'SELECT coalesce(sum(cost_cents), 0)::text AS total FROM transactions WHERE user_id = $1',
        [(me.body as { _id: string })._id],
      );
      expect((summary.body as { totalExpenses: number }).totalExpenses).toBeCloseTo(
        Number(rows[0]!.total) / 100,
        2,
      );
    }

    const recordedBy = [first, second, ...joiners].map((server) =>
      server.logs
        .filter((line) => line.msg === 'Recurring transactions recorded')
        .reduce((sum, line) => sum + Number(line.transactionsCreated ?? 0), 0),
    );
    const total = [...expected.values()].reduce((sum, count) => sum + count, 0);
    expect(recordedBy.reduce((sum, count) => sum + count, 0)).toBe(total);
    // Both instances that started together did part of the work: they really did race.
    expect(
      recordedBy.slice(2).every((count) => count > 0),
      recordedBy.join(', '),
    ).toBe(true);
    // The figures for docs/reliability.md (warn: the only console output the lint allows).
    console.warn(
      `two instances: ${total} occurrences of ${RULES} rules recorded once; by instance: ${recordedBy.join(', ')}`,
    );
  }, 120_000);
});

describe('two server processes on one database: sign-in limits and ended sessions', () => {
  it('counts failed sign-ins in PostgreSQL: LOGIN_RATE_LIMIT holds over all instances together', async () => {
    const address = email('throttle');
    await signUpOver(first.baseUrl, address);
    const attempt = (server: MonetaServer, password: string) =>
      api(server.baseUrl, 'POST', '/api/auth/login', { body: { email: address, password } });

    // A success clears the count, on whichever instance it happens.
    for (const server of [first, second, first]) {
      expect((await attempt(server, 'Wrong#1234')).status).toBe(401);
    }
    expect((await attempt(second, 'Secret#123')).status).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index <= LOGIN_RATE_LIMIT; index++) {
      statuses.push((await attempt(index % 2 === 0 ? first : second, 'Wrong#1234')).status);
    }
    expect(statuses).toEqual([...Array(LOGIN_RATE_LIMIT).fill(401), 429]);
    // Once throttled, even the right password waits, on both: a guesser learns nothing.
    expect((await attempt(first, 'Secret#123')).status).toBe(429);
    expect((await attempt(second, 'Secret#123')).status).toBe(429);
  });

  it('refuses a session ended on one instance on the other within a second', async () => {
    const address = email('session');
    await signUpOver(first.baseUrl, address);
    const login = await api(second.baseUrl, 'POST', '/api/auth/login', {
      body: { email: address, password: 'Secret#123' },
    });
    const token = (login.body as { token: string }).token;
    expect((await api(second.baseUrl, 'GET', '/api/transactions', { token })).status).toBe(200);
    const logout = await api(first.baseUrl, 'POST', '/api/auth/logout', { token });
    expect(logout.status).toBe(200);
    const ended = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - ended < 3000) {
      status = (await api(second.baseUrl, 'GET', '/api/transactions', { token })).status;
    }
    const refusedAfterMs = performance.now() - ended;
    expect(status).toBe(401);
    expect(refusedAfterMs).toBeLessThan(1200);
    console.warn(
      `two instances: a session ended on A refused by B after ${Math.round(refusedAfterMs)} ms`,
    );
  });
});

async function recordedPerRule(): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ id: string; recorded: number }>(
    `SELECT r.id, count(t.id)::int AS recorded FROM recurring_rules r
     JOIN transactions t ON t.recurring_id = r.id GROUP BY r.id`,
  );
  return new Map(rows.map((row) => [row.id, row.recorded]));
}

async function dueRules(): Promise<number> {
  const { rows } = await pool.query<{ due: number }>(
    "SELECT count(*)::int AS due FROM recurring_rules WHERE next_due_date <= (now() AT TIME ZONE 'UTC')::date",
  );
  return rows[0]!.due;
}
