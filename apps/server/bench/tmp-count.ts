import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/db/database';
import { freePort, signInBenchUser, startBenchServer } from './lib/bench-server';
import { findSeed } from './lib/seed-transactions';
const databaseUrl = process.env.BENCH_DATABASE_URL!;
const database = openDatabase(databaseUrl, { maxConnections: 1 });
const seed = (await findSeed(database.pool))!;
await database.close();
const port = await freePort();
const server = await startBenchServer(databaseUrl, port);
const base = `http://127.0.0.1:${port}`;
const headers = { authorization: `Bearer ${await signInBenchUser(base, seed.heavyUser.email)}`, 'accept-encoding': 'gzip, deflate, br, zstd' };
const c = new pg.Client(databaseUrl); await c.connect();
const stat = async () => (await c.query(`select xact_commit::int as calls from pg_stat_database where datname = current_database()`)).rows[0].calls;
for (const path of ['/api/transactions?page=1&limit=10', '/api/accounts']) {
  await autocannon({ url: base + path, headers, connections: 10, amount: 500 });
  const before = await stat();
  await autocannon({ url: base + path, headers, connections: 10, amount: 1000 });
  console.log(path, ((await stat()) - before - 1) / 1000, 'statements per request');
}
await c.end();
server.kill('SIGTERM');
await new Promise((d) => server.once('exit', d));
