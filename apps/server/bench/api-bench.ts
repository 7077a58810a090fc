// `npm run bench:api`: seeds 1,000 users and 1,000,000 transactions (one user with 100,000)
// through the bulk path, starts the built server against that database in its own process, and
// loads each endpoint with autocannon, printing requests/s, p50/p99 latency and the server's peak
// memory. The same SQL sent straight through `pg`, and a bare Fastify JSON route, measured in
// the same run, give the ceilings our throughput is compared with.
//
// Environment: BENCH_SCALE (1 = the full data set), BENCH_SECONDS (10 per endpoint),
// BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (a database to seed, or one an earlier run
// seeded; default: a new embedded PostgreSQL), BENCH_SERVER_NODE_ARGS (extra node flags for
// the server process, e.g. to profile it), BENCH_ONLY (comma-separated words: only the
// endpoints whose names contain one), BENCH_ACCEPT_ENCODING (the load's Accept-Encoding;
// default a browser's, so answers of 1 kB or more come brotli-compressed; "identity" for none).
import type { ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, todayIn } from '@moneta/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { createAccountsService } from '../src/domains/accounts/accounts-service';
import { createTransactionsService } from '../src/domains/transactions/transactions-service';
import { createUsersRepository } from '../src/domains/users/users-repository';
import { replaySql, startBareFastify, type CapturedQuery } from './lib/baselines';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { load, rssMb, sampleRss, type LoadResult } from './lib/load';
import { findSeed, seedTransactions } from './lib/seed-transactions';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Only the endpoints whose names contain one of these comma-separated words (all if unset). */
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** What the load generator accepts: what Chromium sends, unless told otherwise. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

const quietLog = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  debug: () => undefined,
};
const cleanups: Array<() => Promise<unknown> | unknown> = [];

async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = await startBenchServer(databaseUrl, port);
  cleanups.push(() => child.kill('SIGTERM'));
  return child;
}

/**
 * The SQL one request of each endpoint runs, as it reaches `pg`: text, values and statement
 * name (the server's hot queries are named prepared statements, filtered ones unnamed).
 */
async function captureSql(pool: pg.Pool, userId: string, endpoints: Endpoint[]) {
  let captured: CapturedQuery[] = [];
  const query = pool.query.bind(pool) as (config: pg.QueryConfig, values?: unknown[]) => unknown;
  const recording = (config: pg.QueryConfig, values?: unknown[]) => {
    captured.push({ sql: config.text, params: values ?? config.values ?? [], name: config.name });
    return query(config, values);
  };
  Object.assign(pool, { query: recording });
  const db = drizzle(pool, { schema });
  const services: Services = {
    transactions: createTransactionsService(db),
    accounts: createAccountsService(db),
  };
  const users = createUsersRepository(db);
  const user = (await users.findById(userId))!;
  const take = () => {
    const queries = captured;
    captured = [];
    return queries;
  };
  take();
  const result = new Map<string, CapturedQuery[][]>();
  for (const endpoint of endpoints) {
    if (!endpoint.run) continue;
    // Under load the server remembers the user (recent-users.ts): no lookup per request.
    await endpoint.run(services, user);
    result.set(endpoint.name, [take()]);
  }
  Object.assign(pool, { query });
  return result;
}

interface Services {
  transactions: ReturnType<typeof createTransactionsService>;
  accounts: ReturnType<typeof createAccountsService>;
}

interface Endpoint {
  name: string;
  path: string;
  run?: (services: Services, user: schema.UserRow) => Promise<unknown>;
}

async function main() {
  const counts = {
    userCount: 1000,
    totalTransactions: Math.round(1_000_000 * scale),
    heavyCount: Math.round(100_000 * scale),
  };
  console.log(
    `Moneta API benchmark — ${counts.userCount} users, ${counts.totalTransactions} transactions, heavy user ${counts.heavyCount}; ${connections} connections, ${seconds} s per endpoint; Accept-Encoding: ${acceptEncoding}`,
  );

  let adminUrl = process.env.BENCH_DATABASE_URL;
  let embedded: EmbeddedPostgres | undefined;
  if (!adminUrl) {
    const dataDir = await mkdtemp(join(tmpdir(), 'moneta-bench-'));
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, quietLog);
    adminUrl = embedded.url;
    cleanups.push(async () => {
      await embedded?.stop();
      await rm(dataDir, { recursive: true, force: true });
    });
  }
  const database = openDatabase(adminUrl, { maxConnections: 20 });
  cleanups.push(() => database.close());
  await runMigrations(database.pool);

  const today = todayIn('UTC');
  const earlierSeed = await findSeed(database.pool);
  const seed =
    earlierSeed ??
    (await seedTransactions(database.db, database.pool, {
      ...counts,
      today,
      onProgress: (done) =>
        process.stdout.write(`\r  seeding… ${done.toLocaleString('en-US')} rows`),
    }));
  console.log(
    earlierSeed
      ? `  reusing the ${seed.transactions.toLocaleString('en-US')} transactions of an earlier run in BENCH_DATABASE_URL`
      : `\r  seeded ${seed.transactions.toLocaleString('en-US')} transactions in ${seed.seconds.toFixed(1)} s (${Math.round(seed.transactions / seed.seconds).toLocaleString('en-US')} rows/s)`,
  );

  const port = await freePort();
  const server = await startServer(adminUrl, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await signInBenchUser(base, seed.heavyUser.email);
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };
  const filtered = {
    isIncome: false,
    category: 'Food',
    startDate: addDays(today, -90),
    endDate: today,
  };

  const endpoints: Endpoint[] = [
    {
      name: 'list page 1',
      path: '/api/transactions?page=1&limit=10',
      run: ({ transactions }, user) => transactions.list(user.id, {}, 1, 10),
    },
    {
      name: 'list page 500',
      path: '/api/transactions?page=500&limit=10',
      run: ({ transactions }, user) => transactions.list(user.id, {}, 500, 10),
    },
    {
      name: 'search "coffee"',
      path: '/api/transactions?search=coffee',
      run: ({ transactions }, user) => transactions.list(user.id, { search: 'coffee' }, 1, 10),
    },
    {
      name: 'filtered list',
      path: `/api/transactions?isIncome=false&category=Food&startDate=${filtered.startDate}&endDate=${filtered.endDate}`,
      run: ({ transactions }, user) => transactions.list(user.id, filtered, 1, 10),
    },
    {
      name: 'summary',
      path: '/api/transactions/summary',
      run: ({ transactions }, user) => transactions.summary(user.id),
    },
    {
      name: 'charts (30 days)',
      path: '/api/transactions/charts',
      run: ({ transactions }, user) => transactions.charts(user, {}),
    },
    {
      name: 'accounts (5, with balances)',
      path: '/api/accounts',
      run: ({ accounts }, user) => accounts.list(user.id),
    },
  ];

  const measured = endpoints.filter(
    (endpoint) => only.length === 0 || only.some((word) => endpoint.name.includes(word)),
  );
  const idleRss = rssMb(server.pid!);
  const results = new Map<string, LoadResult>();
  for (const endpoint of measured) {
    const url = `${base}${endpoint.path}`;
    const probe = await fetch(url, { headers });
    if (!probe.ok) throw new Error(`${endpoint.name}: ${probe.status} ${await probe.text()}`);
    await load({ url, headers, connections, seconds: 2 }); // warm-up
    const result = await load({ url, headers, connections, seconds, serverPid: server.pid! });
    results.set(endpoint.name, result);
    console.log(
      `  ${endpoint.name}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.bytesPerAnswer} bytes per answer`,
    );
  }

  // Export of the heavy user's transactions: sequential full downloads.
  const exportRuns: number[] = [];
  let exportBytes = 0;
  let exportRows = 0;
  const stopExportSampling = sampleRss(server.pid!);
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/transactions/export`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    exportRuns.push((performance.now() - started) / 1000);
    exportBytes = body.length;
    exportRows = body.toString('utf8').split('\n').length - 2;
  }
  const exportPeakRss = stopExportSampling();

  // Ceilings: the same SQL straight through pg, and a bare Fastify route.
  const capturePool = new pg.Pool({ connectionString: adminUrl, max: 20 });
  // Idle connections are cut when PostgreSQL stops at the end; that is not a failure.
  capturePool.on('error', () => undefined);
  cleanups.push(() => capturePool.end());
  const capturedSql = await captureSql(capturePool, seed.heavyUser.id, measured);
  const pgCeiling = new Map<string, number>();
  for (const [name, request] of capturedSql) {
    pgCeiling.set(
      name,
      await replaySql(capturePool, request, {
        concurrency: connections,
        seconds: Math.min(seconds, 5),
      }),
    );
  }
  const barePort = await freePort();
  const bare = await startBareFastify(barePort);
  cleanups.push(() => bare.kill('SIGTERM'));
  await load({ url: `http://127.0.0.1:${barePort}/json`, connections, seconds: 2 });
  const bareFastify = await load({
    url: `http://127.0.0.1:${barePort}/json`,
    connections,
    seconds: Math.min(seconds, 5),
  });

  const rows = measured.map((endpoint) => {
    const result = results.get(endpoint.name)!;
    const sqlLimit = pgCeiling.get(endpoint.name) ?? 0;
    return `| ${endpoint.name} | ${Math.round(result.requestsPerSecond)} | ${result.p50} | ${result.p99} | ${result.errors} | ${result.bytesPerAnswer} | ${Math.round(result.peakRssMb)} | ${Math.round(sqlLimit)} | ${(result.requestsPerSecond / sqlLimit).toFixed(2)} | ${(result.requestsPerSecond / bareFastify.requestsPerSecond).toFixed(2)} |`;
  });
  const sortedExport = [...exportRuns].sort((a, b) => a - b);
  console.log(`
Heavy user: ${counts.heavyCount.toLocaleString('en-US')} transactions. ${connections} connections, ${seconds} s per endpoint, 2 cores shared by server, PostgreSQL and load generator; Accept-Encoding: ${acceptEncoding} (bytes per answer: as sent, headers included).

| endpoint | req/s | p50 ms | p99 ms | errors | bytes per answer | peak server RSS MB | same SQL via pg, req/s | ratio to SQL | ratio to bare Fastify |
|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Bare Fastify JSON route: ${Math.round(bareFastify.requestsPerSecond)} req/s, p99 ${bareFastify.p99} ms.
Export of ${exportRows.toLocaleString('en-US')} rows (${(exportBytes / 1e6).toFixed(1)} MB): median ${sortedExport[1]!.toFixed(2)} s (runs: ${exportRuns.map((value) => value.toFixed(2)).join(', ')} s); server RSS idle ${Math.round(idleRss)} MB, peak during export ${Math.round(exportPeakRss)} MB.`);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch {
      // Best effort.
    }
  }
}
