// Crash safety of the real built server with its embedded PostgreSQL: a stream of writes, a
// SIGKILL at a random moment, a restart, and a count of what was kept — twelve times over.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  embeddedDatabaseUrl,
  isAlive,
  postgresProcessesOf,
  postmasterPid,
  RELIABILITY_JWT_SECRET,
  SERVER_BUNDLE,
  signUpOver,
  startMonetaServer,
  type MonetaServer,
} from '../support/moneta-server';

const KILLS = 12;
const WRITERS = 4;

let dataDir: string;
let clusterDir: string;
let server: MonetaServer | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'moneta-crash-'));
  await chmod(dataDir, 0o755);
  clusterDir = join(dataDir, 'postgres');
});
afterAll(async () => {
  await server?.kill();
  // Whatever a failed run left behind is ours: end it by pid.
  for (const pid of postgresProcessesOf(clusterDir)) process.kill(pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes transactions with unique names as fast as the server answers, until told to stop. */
function startWriters(baseUrl: string, token: string, round: number) {
  const attempted: string[] = [];
  const acknowledged: string[] = [];
  const refused: number[] = [];
  let isStopped = false;
  let sequence = 0;
  const writer = async (id: number) => {
    while (!isStopped) {
      const name = `crash-${round}-${id}-${sequence++}`;
      attempted.push(name);
      try {
        const response = await api(baseUrl, 'POST', '/api/transactions', {
          token,
          body: { name, category: 'Food', cost: 1.25, addedOn: '2026-01-15', isIncome: false },
        });
        if (response.status >= 200 && response.status < 300) acknowledged.push(name);
        else refused.push(response.status);
      } catch {
        // The server died under this request: its outcome is unknown, so it may or may not be
        // there, but never twice.
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: WRITERS }, (_, id) => writer(id)));
  return {
    attempted,
    acknowledged,
    refused,
    async stop() {
      isStopped = true;
      await done;
    },
  };
}

async function countsByName(): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: await embeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; copies: number }>(
      "SELECT name, count(*)::int AS copies FROM transactions WHERE name LIKE 'crash-%' GROUP BY name",
    );
    return new Map(rows.map((row) => [row.name, row.copies]));
  } finally {
    await client.end();
  }
}

/** Starts the server and SIGKILLs it after `ms`, whether or not it listens by then. */
async function killDuringStart(ms: number): Promise<void> {
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      JWT_SECRET: RELIABILITY_JWT_SECRET,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'silent',
      EXCHANGE_RATES_URL: 'off',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await delay(ms);
  child.kill('SIGKILL');
  await exited;
}

describe('crash safety of the built server', () => {
  it(`keeps every acknowledged write exactly once through ${KILLS} SIGKILLs and restarts cleanly each time`, async () => {
    server = await startMonetaServer({ DATA_DIR: dataDir });
    const token = await signUpOver(server.baseUrl, `crash-${Date.now()}@moneta.dev`);
    const attempted = new Set<string>();
    const acknowledged = new Set<string>();
    const refused: number[] = [];
    const restartSeconds: number[] = [];
    let startKills = 0;

    for (let round = 1; round <= KILLS; round++) {
      const writers = startWriters(server.baseUrl, token, round);
      await delay(150 + Math.random() * 1200);
      // Two kinds of crash: the node process alone (its PostgreSQL lives on, orphaned: the
      // stale-postmaster case), or node and PostgreSQL together (PostgreSQL's crash recovery).
      const withPostgres = round % 3 === 0;
      const postmaster = await postmasterPid(clusterDir);
      expect(postmaster).toBeDefined();
      process.kill(server.pid, 'SIGKILL');
      if (withPostgres) process.kill(postmaster!, 'SIGKILL');
      await server.exited;
      await writers.stop();
      writers.attempted.forEach((name) => attempted.add(name));
      writers.acknowledged.forEach((name) => acknowledged.add(name));
      refused.push(...writers.refused);
      if (!withPostgres)
        expect(isAlive(postmaster!), `round ${round}: orphan postmaster`).toBe(true);

      // Every fourth round, also crash a start half-way (starting PostgreSQL, recovering,
      // migrating or listening): the next start must still come up cleanly.
      if (round % 4 === 2) {
        await killDuringStart(150 + Math.random() * 2500);
        startKills += 1;
      }

      const started = Date.now();
      server = await startMonetaServer({ DATA_DIR: dataDir });
      restartSeconds.push((Date.now() - started) / 1000);
      const errors = server.logs.filter((line) => line.level >= 50);
      expect(errors, `round ${round}: errors logged at start`).toEqual([]);
      if (!withPostgres && round % 4 !== 2) {
        expect(server.logs.map((line) => line.msg).join('\n')).toMatch(
          /left running by an earlier crash/,
        );
      }
      // The same token still works: the secret and the user survived.
      expect((await api(server.baseUrl, 'GET', '/api/auth/me', { token })).status).toBe(200);

      const counts = await countsByName();
      const lost = [...acknowledged].filter((name) => counts.get(name) !== 1);
      const duplicated = [...counts].filter(([, copies]) => copies > 1);
      const invented = [...counts.keys()].filter((name) => !attempted.has(name));
      expect({ round, lost, duplicated, invented }).toEqual({
        round,
        lost: [],
        duplicated: [],
        invented: [],
      });
    }

    // A 4xx would mean the writes themselves were wrong; a 5xx can only come from a request
    // caught by the PostgreSQL kill, and is not counted as acknowledged.
    expect(refused.filter((status) => status < 500)).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(KILLS * 10);

    const stopped = await server.stop();
    expect(stopped.code).toBe(0);
    await expect.poll(() => postgresProcessesOf(clusterDir), { timeout: 10_000 }).toEqual([]);
    server = undefined;
    // The figures for docs/reliability.md (warn: the only console output the lint allows).
    console.warn(
      `crash safety: ${KILLS} kills during writes and ${startKills} during a start survived, ${acknowledged.size} acknowledged writes kept once, ` +
        `${attempted.size - acknowledged.size} in flight at a kill; restarts took ` +
        `${Math.min(...restartSeconds).toFixed(1)}–${Math.max(...restartSeconds).toFixed(1)} s`,
    );
  }, 180_000);
});
