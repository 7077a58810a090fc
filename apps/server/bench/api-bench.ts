// `npm run bench:api`: seeds 1,000 users and 1,000,000 transactions (one user with 100,000)
// through the bulk path, starts the built server against that database in its own process, and
// loads each endpoint with autocannon, printing requests/s, p50/p99 latency and the server's peak
// memory. Each endpoint is measured beside its ceiling — the same SQL sent straight through
// `pg` — in alternating turns, and a bare Fastify JSON route gives the HTTP ceiling.
//
// The SQL ceiling is what the database work of a request allows when nothing else is done: the
// statements one request of the endpoint runs, as they reached `pg` (named or unnamed), over a
// pool as large as the server's (DATABASE_POOL_SIZE) and from as many concurrent loops as the
// load has connections. Two things made the earlier ratios unfair. The ceiling ran on a pool of
// 20 against the server's 8: on two shared cores every PostgreSQL backend is one more process in
// the scheduler's queue, so the replay could take a larger share of a busy machine than the
// server can (and more backends than the server may use is not the same SQL over the same
// pool). And all ceilings ran minutes after all API loads, while the machine's load from other
// work moved throughput by a factor of five between runs; now the API and its ceilings take
// turns (API, SQL, SQL over HTTP, then the other way round) and the ratios are of medians. That ceiling still does no HTTP, no
// JSON and no compression: its ratio is what all the server's work costs, HTTP included.
//
// A second ceiling, the same SQL over bare HTTP (baselines.ts: node:http, the same pool size,
// the same load generator and Accept-Encoding, answering the bytes the server sent, compressed
// already), is measured in the same turns. Against the first ceiling, every request of the API
// also pays one HTTP exchange — the load generator writing the request and reading the answer
// on the same two cores, the server reading and writing a socket — which no server code can
// remove; against the second it pays only what the server adds: routing, hooks,
// authentication, serialisation and compression.
//
// The reports and a month's budgets are remembered (domains/answer-cache): under load every
// request after the first is answered from answer_cache, so their ceilings are the statements
// of that answer (the lookup), and the last column gives what computing one anew costs — its
// SQL alone, replayed like a ceiling — which is what the first request after a write pays.
// The column "anew p95 ms" measures that first request itself, through the API at one
// connection: a write (an expense added, then deleted: no figure changes) makes the remembered
// answer stale, and the read after it is timed; 40 times, p95.
//
// The heavy user's base currency is the euro and 10 % of their transactions are in dollars and
// pounds (two accounts in those currencies), converted at each row's rate on every read: the
// ECB's history is loaded first (bench-rates.ts).
//
// Environment: BENCH_SCALE (1 = the full data set), BENCH_SECONDS (10 per turn), BENCH_ROUNDS
// (2 turns of each side per endpoint), BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (a database
// to seed, or one an earlier run seeded; default: a new embedded PostgreSQL),
// BENCH_SERVER_NODE_ARGS (extra node flags for the server process, e.g. to profile it),
// BENCH_ONLY (comma-separated words: only the endpoints whose names contain one),
// BENCH_ACCEPT_ENCODING (the load's Accept-Encoding; default a browser's, so answers of 1 kB or
// more come compressed; "identity" for none), DATABASE_POOL_SIZE (the server's pool, and so the
// ceiling's).
import type { ChildProcess } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIn } from '@moneta/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { defaultHouseholdOf } from '../src/domains/households/default-household';
import { createAccountsService } from '../src/domains/accounts/accounts-service';
import { createReportsService } from '../src/domains/reports/reports-service';
import { createBudgetsService } from '../src/domains/budgets/budgets-service';
import { createTransactionTotalsRepository } from '../src/domains/transactions/transaction-totals-repository';
import { createTransactionsService } from '../src/domains/transactions/transactions-service';
import { createUsersRepository } from '../src/domains/users/users-repository';
import {
  replaySql,
  startBareFastify,
  startSqlOverHttp,
  type CapturedQuery,
  type HttpAnswer,
} from './lib/baselines';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { load, rssMb, sampleRss, type LoadResult } from './lib/load';
import { loadBenchRates } from './lib/bench-rates';
import { measureReadAfterWrite } from './lib/read-after-write';
import { benchEndpoints, type Caller, type Endpoint, type Services } from './lib/read-endpoints';
import { findSeed, seedTransactions } from './lib/seed-transactions';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
/** The server's pool size (config.ts reads the same variable and default). */
const serverPoolSize = loadConfig({
  DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE,
}).DATABASE_POOL_SIZE;
/** Only the endpoints whose names contain one of these comma-separated words (all if unset). */
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
/** What the load generator accepts: what Chromium sends, unless told otherwise. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

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
    reports: createReportsService(db),
    budgets: createBudgetsService(db, { totals: createTransactionTotalsRepository(db) }),
  };
  const users = createUsersRepository(db);
  const user: Caller = {
    ...(await users.findById(userId))!,
    household: await defaultHouseholdOf(db, userId),
  };
  const take = () => {
    const queries = captured;
    captured = [];
    return queries;
  };
  take();
  const result = new Map<string, { warm: CapturedQuery[][]; cold: CapturedQuery[][] }>();
  for (const endpoint of endpoints) {
    if (!endpoint.run) continue;
    // Under load the server remembers the user (recent-users.ts): no lookup per request. The
    // reports and budgets also remember their answers (remembered-answers.ts): the first call
    // computes (what a request after a write costs), the second is what the load sends.
    await endpoint.run(services, user);
    const cold = [take()];
    await endpoint.run(services, user);
    result.set(endpoint.name, { warm: [take()], cold });
  }
  Object.assign(pool, { query });
  return result;
}

/** The bytes and content headers the server sends for `url`, as they go over the wire. */
function rawAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<Omit<HttpAnswer, 'request'>> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept = ['content-type', 'content-encoding', 'vary'];
        const answerHeaders = Object.fromEntries(
          kept.flatMap((name) => {
            const value = response.headers[name];
            return typeof value === 'string' ? [[name, value]] : [];
          }),
        );
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        else resolve({ headers: answerHeaders, body: Buffer.concat(chunks) });
      });
    }).on('error', reject);
  });
}

type Counts = { userCount: number; totalTransactions: number; heavyCount: number };
type Results = {
  api: LoadResult[];
  sql: number[];
  http: LoadResult[];
  computing?: number;
  anewP95?: number;
};

/** The database: BENCH_DATABASE_URL, or an embedded PostgreSQL of its own; migrated and seeded. */
async function prepareDatabase(counts: Counts, today: string) {
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
  await loadBenchRates(database, today);
  return { adminUrl, seed };
}

/** One endpoint's turns: the API, its SQL over pg, and its SQL over a bare HTTP server, alternating. */
async function measureEndpoint(
  endpoint: Endpoint,
  sides: { base: string; httpBase: string; headers: Record<string, string>; serverPid: number },
  ceilingPool: pg.Pool,
  sql: { warm: CapturedQuery[][]; cold: CapturedQuery[][] },
): Promise<Results> {
  const url = `${sides.base}${endpoint.path}`;
  const httpUrl = `${sides.httpBase}${endpoint.path}`;
  const { headers } = sides;
  const { warm: request, cold } = sql;
  // Warm-up of every side: JIT, prepared statements on every pooled connection.
  await load({ url, headers, connections, seconds: 2 });
  await replaySql(ceilingPool, request, { concurrency: connections, seconds: 2 });
  await load({ url: httpUrl, headers, connections, seconds: 2 });
  const turns = { api: [] as LoadResult[], sql: [] as number[], http: [] as LoadResult[] };
  const runs = [
    async () => {
      turns.api.push(
        await load({ url, headers, connections, seconds, serverPid: sides.serverPid }),
      );
    },
    async () => {
      turns.sql.push(await replaySql(ceilingPool, request, { concurrency: connections, seconds }));
    },
    async () => {
      turns.http.push(await load({ url: httpUrl, headers, connections, seconds }));
    },
  ];
  for (let round = 0; round < rounds; round++) {
    // API, SQL, SQL over HTTP; then the other way round: a trend in the machine's load falls
    // on every side.
    for (const run of round % 2 ? [...runs].reverse() : runs) await run();
  }
  // What an answer not remembered costs: the computation's SQL (and the store) on its own.
  const remembered = JSON.stringify(cold) !== JSON.stringify(request);
  const computing = remembered
    ? await replaySql(ceilingPool, cold, { concurrency: connections, seconds })
    : undefined;
  const anewP95 = remembered ? await measureReadAfterWrite(url, sides.base, headers) : undefined;
  const rates = (values: number[]) => values.map(Math.round).join(', ');
  console.log(
    `  ${endpoint.name}: API ${rates(turns.api.map((turn) => turn.requestsPerSecond))} req/s; SQL ${rates(turns.sql)}; SQL over HTTP ${rates(turns.http.map((turn) => turn.requestsPerSecond))}; ${turns.api[0]!.bytesPerAnswer} bytes per answer (SQL over HTTP: ${turns.http[0]!.bytesPerAnswer})`,
  );
  return { ...turns, computing, anewP95 };
}

/** Export of the heavy user's transactions: three sequential full downloads. */
async function measureExport(base: string, headers: Record<string, string>, serverPid: number) {
  const runs: number[] = [];
  let bytes = 0;
  let rows = 0;
  const stopSampling = sampleRss(serverPid);
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const response = await fetch(`${base}/api/transactions/export`, { headers });
    const body = Buffer.from(await response.arrayBuffer());
    runs.push((performance.now() - started) / 1000);
    bytes = body.length;
    rows = body.toString('utf8').split('\n').length - 2;
  }
  return { runs, bytes, rows, peakRss: stopSampling() };
}

/** The HTTP ceiling: a bare Fastify route. */
async function measureBareFastify(): Promise<LoadResult> {
  const barePort = await freePort();
  const bare = await startBareFastify(barePort);
  cleanups.push(() => bare.kill('SIGTERM'));
  await load({ url: `http://127.0.0.1:${barePort}/json`, connections, seconds: 2 });
  return load({
    url: `http://127.0.0.1:${barePort}/json`,
    connections,
    seconds: Math.min(seconds, 5),
  });
}

function tableRow(
  name: string,
  { api, sql, http, computing, anewP95 }: Results,
  bare: LoadResult,
): string {
  const requestsPerSecond = median(api.map((turn) => turn.requestsPerSecond));
  const sqlLimit = median(sql);
  const httpLimit = median(http.map((turn) => turn.requestsPerSecond));
  const p50 = median(api.map((turn) => turn.p50));
  const p99 = Math.max(...api.map((turn) => turn.p99));
  const errors = api.reduce((sum, turn) => sum + turn.errors, 0);
  const peakRss = Math.max(...api.map((turn) => turn.peakRssMb));
  return `| ${name} | ${Math.round(requestsPerSecond)} | ${p50} | ${p99} | ${errors} | ${api[0]!.bytesPerAnswer} | ${Math.round(peakRss)} | ${Math.round(sqlLimit)} | ${(requestsPerSecond / sqlLimit).toFixed(2)} | ${Math.round(httpLimit)} | ${(requestsPerSecond / httpLimit).toFixed(2)} | ${(requestsPerSecond / bare.requestsPerSecond).toFixed(2)} | ${computing === undefined ? '–' : Math.round(computing)} | ${anewP95 === undefined ? '–' : anewP95.toFixed(1)} |`;
}

async function main() {
  const counts: Counts = {
    userCount: 1000,
    totalTransactions: Math.round(1_000_000 * scale),
    heavyCount: Math.round(100_000 * scale),
  };
  console.log(
    `Moneta API benchmark — ${counts.userCount} users, ${counts.totalTransactions} transactions, heavy user ${counts.heavyCount}; ${connections} connections, ${rounds} rounds of ${seconds} s turns per endpoint; Accept-Encoding: ${acceptEncoding}`,
  );
  const today = todayIn('UTC');
  const { adminUrl, seed } = await prepareDatabase(counts, today);

  const port = await freePort();
  const server = await startServer(adminUrl, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await signInBenchUser(base, seed.heavyUser.email);
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };

  const measured = benchEndpoints(today).filter(
    (endpoint) => only.length === 0 || only.some((word) => endpoint.name.includes(word)),
  );
  const idleRss = rssMb(server.pid!);

  // The ceilings' pool: as large as the server's (see the top of this file).
  const ceilingPool = new pg.Pool({ connectionString: adminUrl, max: serverPoolSize });
  // Idle connections are cut when PostgreSQL stops at the end; that is not a failure.
  ceilingPool.on('error', () => undefined);
  cleanups.push(() => ceilingPool.end());
  const capturedSql = await captureSql(ceilingPool, seed.heavyUser.id, measured);

  const answers = new Map<string, HttpAnswer>();
  for (const endpoint of measured) {
    const answer = await rawAnswer(`${base}${endpoint.path}`, headers);
    answers.set(endpoint.path, { ...answer, request: capturedSql.get(endpoint.name)!.warm });
  }
  const sqlOverHttpPort = await freePort();
  const sqlOverHttp = await startSqlOverHttp(sqlOverHttpPort, {
    databaseUrl: adminUrl,
    poolSize: serverPoolSize,
    answers,
  });
  cleanups.push(() => sqlOverHttp.kill('SIGTERM'));

  const sides = {
    base,
    httpBase: `http://127.0.0.1:${sqlOverHttpPort}`,
    headers,
    serverPid: server.pid!,
  };
  const results = new Map<string, Results>();
  for (const endpoint of measured) {
    const sql = capturedSql.get(endpoint.name)!;
    results.set(endpoint.name, await measureEndpoint(endpoint, sides, ceilingPool, sql));
  }
  const exported = await measureExport(base, headers, server.pid!);
  const bareFastify = await measureBareFastify();

  const rows = measured.map((endpoint) =>
    tableRow(endpoint.name, results.get(endpoint.name)!, bareFastify),
  );
  const sortedExport = [...exported.runs].sort((a, b) => a - b);
  console.log(`
Heavy user: ${counts.heavyCount.toLocaleString('en-US')} transactions. ${connections} connections; per endpoint ${rounds} turns of ${seconds} s each for the API, its SQL and its SQL over bare HTTP, alternating; medians (p50: median of the turns, p99: the worst turn). 2 cores shared by server, PostgreSQL and load generator; SQL over a pool of ${serverPoolSize}, as the server's; Accept-Encoding: ${acceptEncoding} (bytes per answer: as sent, headers included).

| endpoint | req/s | p50 ms | p99 ms | errors | bytes per answer | peak server RSS MB | same SQL via pg, req/s | ratio to SQL | same SQL over bare HTTP, req/s | ratio to SQL over HTTP | ratio to bare Fastify | remembered answer computed anew: its SQL, req/s | anew p95 ms (1 connection, target ≤ 50) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Bare Fastify JSON route: ${Math.round(bareFastify.requestsPerSecond)} req/s, p99 ${bareFastify.p99} ms.
Export of ${exported.rows.toLocaleString('en-US')} rows (${(exported.bytes / 1e6).toFixed(1)} MB): median ${sortedExport[1]!.toFixed(2)} s (runs: ${exported.runs.map((value) => value.toFixed(2)).join(', ')} s); server RSS idle ${Math.round(idleRss)} MB, peak during export ${Math.round(exported.peakRss)} MB.`);
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
