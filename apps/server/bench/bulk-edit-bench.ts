// `npm run bench:bulk`: a bulk edit of 1,000 transactions (target ≤ 1 s, docs/benchmarks.md),
// through HTTP on the built server, beside its ceiling: the same UPDATE sent straight through `pg`
// (the kept totals' triggers fire in both).
//
// Seeds, in a fresh embedded PostgreSQL, the heavy user of bench:api's seed (100,000
// transactions; BENCH_TRANSACTIONS scales it), then, ROUNDS times, alternating: PATCH
// /api/transactions/bulk setting category and tags on 1,000 of their rows (each round other
// rows, another category), and the raw UPDATE of another 1,000. Prints each side's median and
// worst time in milliseconds, and the ratio.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIn } from '@moneta/shared';
import { openDatabase } from '../src/db/database';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres';
import { runMigrations } from '../src/db/migrate';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { seedTransactions } from './lib/seed-transactions';

const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const ROWS = 1_000;
const TARGET_MS = 1_000;

const quietLog = {
  info: () => undefined,
  warn: (message: string) => console.warn(message),
  debug: () => undefined,
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'moneta-bulk-bench-'));
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres(dataDir, quietLog);
  const database = openDatabase(embedded.url, { maxConnections: 4 });
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    await runMigrations(database.pool);
    const seed = await seedTransactions(database.db, database.pool, {
      userCount: 1,
      totalTransactions: TRANSACTIONS,
      heavyCount: TRANSACTIONS,
      today: todayIn('UTC'),
    });
    const { rows } = await database.pool.query<{ id: string }>(
      'SELECT id FROM transactions WHERE user_id = $1 AND NOT is_income ORDER BY id LIMIT $2',
      [seed.heavyUser.id, ROWS * ROUNDS * 2],
    );
    const ids = rows.map((row) => row.id);
    const port = await freePort();
    server = await startBenchServer(embedded.url, port);
    const base = `http://127.0.0.1:${port}`;
    const token = await signInBenchUser(base, seed.heavyUser.email);

    const api: number[] = [];
    const sql: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const category = `Bulk ${round}`;
      const apiIds = ids.slice(round * 2 * ROWS, (round * 2 + 1) * ROWS);
      const sqlIds = ids.slice((round * 2 + 1) * ROWS, (round * 2 + 2) * ROWS);
      let started = performance.now();
      const response = await fetch(`${base}/api/transactions/bulk`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ transactionIds: apiIds, set: { category, tags: ['bench'] } }),
      });
      const answer = (await response.json()) as { updatedCount?: number };
      api.push(performance.now() - started);
      if (answer.updatedCount !== ROWS) throw new Error(`bulk edit: ${JSON.stringify(answer)}`);
      started = performance.now();
      await database.pool.query(
        `UPDATE transactions SET category = $2, tags = ARRAY['bench']
         WHERE user_id = $1 AND id = ANY($3::uuid[])`,
        [seed.heavyUser.id, category, sqlIds],
      );
      sql.push(performance.now() - started);
    }
    const [apiMedian, sqlMedian] = [median(api), median(sql)];
    console.log(
      `Bulk edit of ${ROWS.toLocaleString('en-US')} of ${TRANSACTIONS.toLocaleString('en-US')} rows, ${ROUNDS} rounds:`,
    );
    console.log(
      `  API  median ${apiMedian.toFixed(0)} ms, worst ${Math.max(...api).toFixed(0)} ms (target ≤ ${TARGET_MS} ms: ${Math.max(...api) <= TARGET_MS ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  SQL  median ${sqlMedian.toFixed(0)} ms, worst ${Math.max(...sql).toFixed(0)} ms (the same UPDATE through pg)`,
    );
    console.log(`  SQL ÷ API: ${(sqlMedian / apiMedian).toFixed(2)}`);
  } finally {
    server?.kill('SIGTERM');
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
