// `npm run bench:compression`: what compressing API answers costs the server, as CPU time per
// request rather than requests per second (throughput on a shared machine moves with whatever
// else runs; the CPU the server process spends on a fixed number of requests moves far less).
// For each endpoint and each Accept-Encoding, interleaved over several rounds, it sends a fixed
// number of requests and reads the server's CPU time from /proc; it prints the median per
// request and the bytes sent per answer.
//
// Needs BENCH_DATABASE_URL holding the data `npm run bench:api` seeds (it seeds on first use).
// Environment: BENCH_ROUNDS (5), BENCH_REQUESTS (3000 per measurement), BENCH_CONNECTIONS (10).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { openDatabase } from '../src/db/database';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { findSeed } from './lib/seed-transactions';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl)
  throw new Error('Set BENCH_DATABASE_URL to a database `npm run bench:api` seeded.');
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const amount = Number(process.env.BENCH_REQUESTS ?? 3000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** A browser's 'gzip, deflate, br, zstd' gets gzip (compression.ts); 'br' alone gets brotli. */
const ENCODINGS = ['identity', 'gzip', 'br'];
const ENDPOINTS = {
  'list page 1 (10 rows)': '/api/transactions?page=1&limit=10',
  'list of 100 rows': '/api/transactions?page=1&limit=100',
  summary: '/api/transactions/summary',
  'charts (30 days)': '/api/transactions/charts',
};

/** User plus system CPU time of a process, in milliseconds (Linux /proc, 100 ticks a second). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const database = openDatabase(databaseUrl, { maxConnections: 2 });
const seed = await findSeed(database.pool);
await database.close();
if (!seed)
  throw new Error('BENCH_DATABASE_URL holds no benchmark data: run npm run bench:api on it first.');
const port = await freePort();
const server = await startBenchServer(databaseUrl, port);
try {
  const base = `http://127.0.0.1:${port}`;
  const token = await signInBenchUser(base, seed.heavyUser.email);
  const samples = new Map<string, number[]>();
  const bytes = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, path] of Object.entries(ENDPOINTS)) {
      for (const encoding of ENCODINGS) {
        const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        const before = cpuMs(server.pid!);
        const result = await autocannon({ url: `${base}${path}`, headers, connections, amount });
        const spent = cpuMs(server.pid!) - before;
        if (result.non2xx || result.errors) throw new Error(`${name}: failed requests`);
        const key = `${name}|${encoding}`;
        samples.set(key, [...(samples.get(key) ?? []), (spent * 1000) / result.requests.total]);
        bytes.set(key, Math.round(result.throughput.total / result.requests.total));
      }
    }
    process.stdout.write(`  round ${round + 1} of ${rounds} done\n`);
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const lines = [
    `Server CPU per request (median of ${rounds} rounds of ${amount} requests, ${connections} connections) and bytes per answer (headers included):`,
    '',
    `| endpoint | ${ENCODINGS.map((encoding) => `${encoding} µs | bytes`).join(' | ')} |`,
    `|---|${ENCODINGS.map(() => '---|---').join('|')}|`,
    ...Object.keys(ENDPOINTS).map(
      (name) =>
        `| ${name} | ${ENCODINGS.map((encoding) => `${Math.round(median(samples.get(`${name}|${encoding}`)!))} | ${bytes.get(`${name}|${encoding}`)}`).join(' | ')} |`,
    ),
  ];
  console.log(lines.join('\n'));
} finally {
  server.kill('SIGTERM');
}
