// `npm run bench:cpu`: the server's CPU time per request, endpoint by endpoint, for this build
// and optionally another one (BENCH_BASE_ROOT: another checkout's apps/server, built), on the
// database an earlier `npm run bench:api` seeded (BENCH_DATABASE_URL, required).
//
// Throughput on a shared 2-core machine swings with everyone else's load (bench:api's figures
// moved by a factor of five between runs); the CPU seconds the server process itself spends on
// a fixed number of requests move less, because waiting for a core is not counted (they still
// grow under heavy load: caches and cores are shared). The two builds run alternately (A B,
// B A, …) so that what is left of the machine's drift falls on both.
//
// Environment: BENCH_DATABASE_URL, BENCH_BASE_ROOT, BENCH_ROOT (instead of this checkout),
// BENCH_ROUNDS (4), BENCH_REQUESTS (3000 per
// endpoint and round), BENCH_CONNECTIONS (10), BENCH_ONLY (as bench:api's), BENCH_THREADS=1 (print CPU per thread name too),
// BENCH_ACCEPT_ENCODING ("identity"; an older build may not compress, and compression is
// measured by bench:compression).
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { findSeed } from './lib/seed-transactions';

const databaseUrl = process.env.BENCH_DATABASE_URL;
const baseRoot = process.env.BENCH_BASE_ROOT ? resolve(process.env.BENCH_BASE_ROOT) : undefined;
/** The build measured as "this build": this checkout unless told otherwise (built already). */
const ownRoot = fileURLToPath(new URL('..', import.meta.url));
const thisRoot = process.env.BENCH_ROOT ? resolve(process.env.BENCH_ROOT) : ownRoot;
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const requests = Number(process.env.BENCH_REQUESTS ?? 3000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'identity';
/** Only the endpoints whose names contain one of these comma-separated words (all if unset). */
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);

const ENDPOINTS = [
  { name: 'list page 1', path: '/api/transactions?page=1&limit=10' },
  { name: 'list page 500', path: '/api/transactions?page=500&limit=10' },
  { name: 'search "coffee"', path: '/api/transactions?search=coffee' },
  { name: 'summary', path: '/api/transactions/summary' },
  { name: 'charts (30 days)', path: '/api/transactions/charts' },
  { name: 'accounts', path: '/api/accounts' },
].filter(({ name }) => !only.length || only.some((word) => name.includes(word)));

/** User + system CPU seconds of a process so far (Linux /proc, clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  return cpuOf(`/proc/${pid}/stat`);
}

/** Per thread name (main, libuv workers, V8's helpers…), CPU seconds so far. */
function threadSeconds(pid: number): Map<string, number> {
  const threads = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name =
        tid === String(pid) ? 'main' : readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      threads.set(name, (threads.get(name) ?? 0) + cpuOf(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // The thread ended.
    }
  }
  return threads;
}

function cpuOf(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Build {
  label: string;
  root: string;
  /** µs of server CPU per request, per endpoint, one figure per round. */
  figures: Map<string, number[]>;
}

async function measure(build: Build, email: string): Promise<void> {
  const port = await freePort();
  const server = await startBenchServer(databaseUrl!, port, build.root);
  try {
    const base = `http://127.0.0.1:${port}`;
    const headers = {
      authorization: `Bearer ${await signInBenchUser(base, email)}`,
      'accept-encoding': acceptEncoding,
    };
    for (const endpoint of ENDPOINTS) {
      const url = `${base}${endpoint.path}`;
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`${build.label} ${endpoint.name}: ${probe.status}`);
      // Warm-up: JIT, prepared statements, the session cache.
      await autocannon({ url, headers, connections, amount: Math.ceil(requests / 5) });
      const before = cpuSeconds(server.pid!);
      const threadsBefore = threadSeconds(server.pid!);
      const result = await autocannon({ url, headers, connections, amount: requests });
      const spent = cpuSeconds(server.pid!) - before;
      if (process.env.BENCH_THREADS) {
        const after = threadSeconds(server.pid!);
        const lines = [...after].map(
          ([name, s]) =>
            `${name} ${(((s - (threadsBefore.get(name) ?? 0)) * 1e6) / requests).toFixed(0)}`,
        );
        console.log(`  ${build.label} ${endpoint.name}: ${lines.join(', ')}`);
      }
      const failed = result.errors + result.timeouts + result.non2xx;
      if (failed > 0) throw new Error(`${build.label} ${endpoint.name}: ${failed} failed requests`);
      const list = build.figures.get(endpoint.name) ?? [];
      list.push((spent / result.requests.total) * 1e6);
      build.figures.set(endpoint.name, list);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  if (!databaseUrl) {
    throw new Error('BENCH_DATABASE_URL: a database seeded by `npm run bench:api` is needed');
  }
  const database = openDatabase(databaseUrl, { maxConnections: 1 });
  const seed = await findSeed(database.pool);
  await database.close();
  if (!seed) throw new Error('BENCH_DATABASE_URL holds no bench:api seed');

  const builds: Build[] = [
    { label: thisRoot === ownRoot ? 'this build' : thisRoot, root: thisRoot, figures: new Map() },
  ];
  if (baseRoot) builds.unshift({ label: `base (${baseRoot})`, root: baseRoot, figures: new Map() });
  console.log(
    `Server CPU per request — ${rounds} rounds × ${requests} requests per endpoint, ${connections} connections, Accept-Encoding: ${acceptEncoding}; load average at start ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  for (let round = 0; round < rounds; round++) {
    // A B, then B A: neither build always goes first.
    const order = round % 2 ? [...builds].reverse() : builds;
    for (const build of order) await measure(build, seed.heavyUser.email);
    process.stdout.write(`  round ${round + 1} of ${rounds} done\n`);
  }

  const [first, second] = builds;
  const header = second
    ? '| endpoint | base µs/request | this build µs/request | change | rounds (base / this) |'
    : '| endpoint | µs/request | rounds |';
  console.log(`\n${header}\n|${'---|'.repeat(header.split('|').length - 2)}`);
  for (const { name } of ENDPOINTS) {
    const a = first!.figures.get(name)!;
    if (!second) {
      console.log(
        `| ${name} | ${median(a).toFixed(0)} | ${a.map((v) => v.toFixed(0)).join(', ')} |`,
      );
      continue;
    }
    const b = second.figures.get(name)!;
    const change = (median(b) / median(a) - 1) * 100;
    console.log(
      `| ${name} | ${median(a).toFixed(0)} | ${median(b).toFixed(0)} | ${change >= 0 ? '+' : ''}${change.toFixed(1)} % | ${a.map((v) => v.toFixed(0)).join(', ')} / ${b.map((v) => v.toFixed(0)).join(', ')} |`,
    );
  }
  console.log(
    `\nLoad average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
