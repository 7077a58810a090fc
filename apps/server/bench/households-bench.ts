// `npm run bench:households`: what scoping every read by household costs, measured side by side
// in one run against the commit before households (BENCH_BEFORE, default 5c4d347). That commit
// is laid out in a temporary folder (commit-tree.ts: git archive, node_modules linked when the
// lockfile is the same, its server built); one embedded PostgreSQL holds two databases, each
// migrated and seeded with the same data by its own checkout's migrations and seeder. Both
// servers run at once, and each read api-bench loads (read-endpoints.ts) is loaded on them in
// alternating turns (before, after, then after, before; BENCH_ROUNDS rounds), with the same
// load and the same user: a trend in the shared machine's load falls on both sides.
//
// Each turn gives requests per second and the CPU each request took: the server process's and
// the PostgreSQL cluster's (cpu-time.ts; the other server is idle meanwhile). Figures are medians
// of the turns; each ratio is the median of each round's (after ÷ before, two turns side by
// side). Requests per second on two cores shared with other work swing by ±50 % between turns;
// CPU per request, which leaves out the time spent waiting for a core, is the steadier measure
// of what a read costs.
//
// Target: no read below 0.9 of its rate before (no more than 1.1 of its CPU), and the
// membership check no extra round trip per request beyond one indexed lookup. Then, on each
// side, a server of its own started behind a proxy that reads the wire (round-trip-counter.ts)
// runs one request per endpoint: its statements and round trips when the remembered session and
// user have expired (the lookups every request of the first second makes) and when they are
// remembered (every other request under load), and the membership lookups among them, with
// their plan (EXPLAIN ANALYZE). A read above the CPU target has the plans of its statements
// printed on both sides.
//
// Environment: BENCH_SCALE (0.1: 100,000 transactions, the heavy user 10,000; 1 is api-bench's
// full data set, 1,000,000 and 100,000), BENCH_SECONDS (4 per turn), BENCH_ROUNDS (3: three turns
// per side and endpoint), BENCH_CONNECTIONS (10), BENCH_ONLY (comma-separated words: only the
// endpoints whose names contain one), BENCH_ACCEPT_ENCODING (a browser's by default),
// BENCH_BEFORE (the commit to compare with).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayIn } from '@moneta/shared';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { checkoutCommit, seedInTree, type SeedRequest } from './lib/commit-tree';
import { clusterCpuSeconds, processCpuSeconds } from './lib/cpu-time';
import { load, type LoadResult } from './lib/load';
import { benchEndpoints, type Endpoint } from './lib/read-endpoints';
import {
  explainStatements,
  membershipLookups,
  statementsOfRequest,
  type RequestStatements,
} from './lib/request-statements';
import { startRoundTripCounter, type SeenTraffic } from './lib/round-trip-counter';

const scale = Number(process.env.BENCH_SCALE ?? 0.1);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const beforeCommit = process.env.BENCH_BEFORE ?? '5c4d347';
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
/** The target: each read keeps at least this share of its rate before… */
const TARGET_RATIO = 0.9;
/** …and takes at most this multiple of its CPU per request before. */
const TARGET_CPU_RATIO = 1.1;
const WARM_UP_SECONDS = 1;

const SIDES = ['before', 'after'] as const;
type Side = (typeof SIDES)[number];
type BySide<T> = Record<Side, T>;

interface RunningServer {
  base: string;
  headers: Record<string, string>;
  pid: number;
  stop(): Promise<void>;
}

const cleanups: Array<() => Promise<unknown> | unknown> = [];
const quietLog = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  debug: () => undefined,
};
const currentServerRoot = fileURLToPath(new URL('..', import.meta.url));

const loadAverage = () => loadavg()[0]!.toFixed(1);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * One embedded PostgreSQL, two databases: the after side's `moneta` and the before side's; and
 * the postmaster's pid, whose processes' CPU is PostgreSQL's.
 */
async function startDatabases(): Promise<{ urls: BySide<string>; postmasterPid: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-households-bench-'));
  const embedded = await startEmbeddedPostgres(dataDir, quietLog);
  cleanups.push(async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query('CREATE DATABASE moneta_before');
  await admin.end();
  const before = new URL(embedded.url);
  before.pathname = '/moneta_before';
  const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return {
    urls: { before: before.toString(), after: embedded.url },
    postmasterPid: Number(pidFile.split('\n')[0]),
  };
}

/** A server of `serverRoot` (undefined: this checkout's, built first) with a DATA_DIR of its own. */
async function startServer(
  databaseUrl: string,
  serverRoot: string | undefined,
  email: string,
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-bench-data-'));
  const child = await startBenchServer(databaseUrl, port, serverRoot, { DATA_DIR: dataDir });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  cleanups.push(stop);
  const base = `http://127.0.0.1:${port}`;
  const token = await signInBenchUser(base, email);
  return {
    base,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding },
    pid: child.pid!,
    stop,
  };
}

/** One turn: the load's figures and the CPU each request took, the server's and PostgreSQL's. */
interface Turn {
  result: LoadResult;
  serverMs: number;
  databaseMs: number;
}

/** One endpoint's turns on both servers: before, after; then after, before; and so on. */
async function measureEndpoint(
  endpoint: Endpoint,
  servers: BySide<RunningServer>,
  postmasterPid: number,
): Promise<BySide<Turn[]>> {
  const turn = async (side: Side, turnSeconds: number): Promise<Turn> => {
    const { pid } = servers[side];
    const server = processCpuSeconds(pid);
    // The other server is idle meanwhile: the cluster's CPU is this side's database's.
    const database = clusterCpuSeconds(postmasterPid);
    const result = await load({
      url: `${servers[side].base}${endpoint.path}`,
      headers: servers[side].headers,
      connections,
      seconds: turnSeconds,
      serverPid: pid,
    });
    const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, result.requests);
    return {
      result,
      serverMs: perRequest(processCpuSeconds(pid) - server),
      databaseMs: perRequest(clusterCpuSeconds(postmasterPid) - database),
    };
  };
  // Warm-up: JIT, prepared statements on every pooled connection, remembered answers.
  for (const side of SIDES) await turn(side, WARM_UP_SECONDS);
  const turns: BySide<Turn[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    const order: readonly Side[] = round % 2 ? [...SIDES].reverse() : SIDES;
    for (const side of order) turns[side].push(await turn(side, seconds));
  }
  const figures = (side: Side) =>
    turns[side]
      .map((one) => `${Math.round(one.result.requestsPerSecond)} (${cpuOf(one).toFixed(2)} ms)`)
      .join(', ');
  console.log(
    `  ${endpoint.name}: before ${figures('before')}; after ${figures('after')} — req/s (CPU per request)`,
  );
  return turns;
}

const cpuOf = (turn: Turn) => turn.serverMs + turn.databaseMs;

interface Comparison {
  endpoint: Endpoint;
  rate: BySide<number>;
  cpu: BySide<{ server: number; database: number }>;
  p99: BySide<number>;
  bytes: BySide<number>;
  errors: number;
  /** Medians of each round's after ÷ before: requests per second, CPU per request. */
  ratio: number;
  cpuRatio: number;
}

function compare(endpoint: Endpoint, turns: BySide<Turn[]>): Comparison {
  const of = (side: Side, pick: (turn: Turn) => number) => median(turns[side].map(pick));
  const bySide = <T>(pick: (side: Side) => T): BySide<T> => ({
    before: pick('before'),
    after: pick('after'),
  });
  const perRound = (pick: (turn: Turn) => number) =>
    median(turns.after.map((turn, round) => pick(turn) / pick(turns.before[round]!)));
  return {
    endpoint,
    rate: bySide((side) => of(side, (turn) => turn.result.requestsPerSecond)),
    cpu: bySide((side) => ({
      server: of(side, (turn) => turn.serverMs),
      database: of(side, (turn) => turn.databaseMs),
    })),
    p99: bySide((side) => of(side, (turn) => turn.result.p99)),
    bytes: bySide((side) => Math.max(...turns[side].map((turn) => turn.result.bytesPerAnswer))),
    errors: [...turns.before, ...turns.after].reduce((sum, turn) => sum + turn.result.errors, 0),
    ratio: perRound((turn) => turn.result.requestsPerSecond),
    cpuRatio: perRound(cpuOf),
  };
}

/** Each endpoint's statements on one side, from a server of its own behind a wire counter. */
async function countStatements(
  side: Side,
  databaseUrl: string,
  serverRoot: string | undefined,
  email: string,
  endpoints: Endpoint[],
): Promise<Map<string, RequestStatements>> {
  const counter = await startRoundTripCounter(databaseUrl);
  cleanups.push(() => counter.close());
  const server = await startServer(counter.url, serverRoot, email);
  const counted = new Map<string, RequestStatements>();
  for (const endpoint of endpoints) {
    counted.set(
      endpoint.name,
      await statementsOfRequest(`${server.base}${endpoint.path}`, server.headers, counter),
    );
  }
  await server.stop();
  await counter.close();
  console.log(`  counted the statements of one request per endpoint on the ${side} server`);
  return counted;
}

const trafficCell = (traffic: SeenTraffic) =>
  `${traffic.statements.length} / ${traffic.roundTrips}`;

/** The statements a request makes only when its session and user are no longer remembered. */
function lookupsOf({ expired, remembered }: RequestStatements) {
  const answering = new Set(remembered.statements.map((statement) => statement.sql));
  return expired.statements.filter((statement) => !answering.has(statement.sql));
}

const verdict = (isMet: boolean) => (isMet ? 'yes' : '**no**');
const cpuCell = ({ server, database }: { server: number; database: number }) =>
  `${(server + database).toFixed(2)} (${server.toFixed(2)} + ${database.toFixed(2)})`;

function printComparisons(comparisons: Comparison[], seedLine: string) {
  const rows = comparisons.map(
    ({ endpoint, rate, cpu, p99, bytes, errors, ratio, cpuRatio }) =>
      `| ${endpoint.name} | ${Math.round(rate.before)} | ${Math.round(rate.after)} | ${ratio.toFixed(2)} | ${cpuCell(cpu.before)} | ${cpuCell(cpu.after)} | ${cpuRatio.toFixed(2)} | ${p99.before} / ${p99.after} | ${bytes.before} / ${bytes.after} | ${errors} | ${verdict(ratio >= TARGET_RATIO)}, ${verdict(cpuRatio <= TARGET_CPU_RATIO)} |`,
  );
  console.log(`
${seedLine} ${connections} connections; per endpoint ${rounds} turns of ${seconds} s on each side, alternating (before, after, after, before, …), after a ${WARM_UP_SECONDS} s warm-up of each; req/s, CPU and p99: medians of the turns; after / before: the median of each round's ratio. 2 cores shared by both servers, PostgreSQL and the load generator. Accept-Encoding: ${acceptEncoding}.

| endpoint | before req/s | after req/s | after / before | CPU ms per request before (server + PostgreSQL) | after | after / before | p99 ms before / after | bytes per answer before / after | errors | within 10 % (req/s, CPU) |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`);
}

function printStatementCounts(
  endpoints: Endpoint[],
  counted: BySide<Map<string, RequestStatements>>,
) {
  const rows = endpoints.map((endpoint) => {
    const before = counted.before.get(endpoint.name)!;
    const after = counted.after.get(endpoint.name)!;
    const lookups = membershipLookups(after.expired.statements).length;
    const remembered = membershipLookups(after.remembered.statements).length;
    return `| ${endpoint.name} | ${trafficCell(before.expired)} | ${trafficCell(after.expired)} | ${trafficCell(before.remembered)} | ${trafficCell(after.remembered)} | ${lookups} / ${remembered} |`;
  });
  console.log(`
Statements / round trips of one request, seen on the wire between each server and PostgreSQL ("expired": the session and user are looked up again, as on the first request of every second under load; "remembered": the request right after it, as every other request under load).

| endpoint | before, expired | after, expired | before, remembered | after, remembered | membership lookups (after: expired / remembered) |
|---|---|---|---|---|---|
${rows.join('\n')}`);
}

async function printLookupPlans(
  databases: BySide<string>,
  first: BySide<RequestStatements>,
): Promise<void> {
  for (const side of SIDES) {
    const lookups = lookupsOf(first[side]);
    console.log(
      `\nThe ${side} server's lookups of an expired session and user (${lookups.length} statements, ${membershipLookups(lookups).length} of them reading household_members):\n`,
    );
    for (const plan of await explainStatements(databases[side], lookups)) console.log(plan, '\n');
  }
}

async function printPlansOutsideTarget(
  comparisons: Comparison[],
  databases: BySide<string>,
  counted: BySide<Map<string, RequestStatements>>,
): Promise<void> {
  // CPU per request decides: requests per second move with everyone else's load.
  for (const { endpoint, cpuRatio } of comparisons.filter(
    (row) => row.cpuRatio > TARGET_CPU_RATIO,
  )) {
    console.log(
      `\n${endpoint.name}: CPU per request after / before ${cpuRatio.toFixed(2)}, above ${TARGET_CPU_RATIO}.`,
    );
    for (const side of SIDES) {
      const { remembered } = counted[side].get(endpoint.name)!;
      console.log(`\n  ${side}: ${remembered.statements.length} statements\n`);
      for (const plan of await explainStatements(databases[side], remembered.statements)) {
        console.log(plan, '\n');
      }
    }
  }
}

async function main() {
  const today = todayIn('UTC');
  const request: Omit<SeedRequest, 'databaseUrl'> = {
    userCount: 1000,
    totalTransactions: Math.round(1_000_000 * scale),
    heavyCount: Math.round(100_000 * scale),
    today,
  };
  const endpoints = benchEndpoints(today).filter(
    (endpoint) => only.length === 0 || only.some((word) => endpoint.name.includes(word)),
  );
  console.log(
    `Moneta households benchmark — before: ${beforeCommit}, after: this checkout; ${request.userCount} users, ${request.totalTransactions} transactions, heavy user ${request.heavyCount}; load average ${loadAverage()}`,
  );
  const tree = await checkoutCommit(beforeCommit);
  cleanups.push(() => tree.remove());
  console.log(
    `  ${tree.commit.slice(0, 7)} laid out in ${tree.root} (node_modules: ${tree.install}) and its server built`,
  );
  const roots: BySide<string | undefined> = { before: tree.serverRoot, after: undefined };
  const { urls: databases, postmasterPid } = await startDatabases();
  const started = performance.now();
  const [beforeSeed, afterSeed] = await Promise.all([
    seedInTree(tree.serverRoot, { ...request, databaseUrl: databases.before }),
    seedInTree(currentServerRoot, { ...request, databaseUrl: databases.after }),
  ]);
  if (beforeSeed.transactions !== afterSeed.transactions) {
    throw new Error(`The seeds differ: ${beforeSeed.transactions} ≠ ${afterSeed.transactions}`);
  }
  console.log(
    `  both databases migrated and seeded by their own checkout in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  const email = afterSeed.heavyUser.email;

  const servers: BySide<RunningServer> = {
    before: await startServer(databases.before, roots.before, email),
    after: await startServer(databases.after, roots.after, email),
  };
  const comparisons: Comparison[] = [];
  for (const endpoint of endpoints) {
    comparisons.push(compare(endpoint, await measureEndpoint(endpoint, servers, postmasterPid)));
  }
  for (const side of SIDES) await servers[side].stop();
  const loadAfter = loadAverage();

  const counted: BySide<Map<string, RequestStatements>> = {
    before: await countStatements('before', databases.before, roots.before, email, endpoints),
    after: await countStatements('after', databases.after, roots.after, email, endpoints),
  };
  printComparisons(
    comparisons,
    `Heavy user: ${request.heavyCount.toLocaleString('en-US')} of ${afterSeed.transactions.toLocaleString('en-US')} transactions (${request.userCount} users); load average ${loadAfter} at the end of the turns.`,
  );
  printStatementCounts(endpoints, counted);
  const firstName = endpoints[0]!.name;
  await printLookupPlans(databases, {
    before: counted.before.get(firstName)!,
    after: counted.after.get(firstName)!,
  });
  await printPlansOutsideTarget(comparisons, databases, counted);
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
