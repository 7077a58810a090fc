// Run by a checkout's own tsx with that checkout's apps/server as the working directory
// (commit-tree.ts, seedInTree): migrates and seeds the database of SEED_IN_TREE with that
// checkout's migrations, seeder and rates, then prints the seed's result as JSON. Nothing of
// this file's own checkout is loaded: the modules come from the working directory.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as DatabaseModule from '../../src/db/database';
import type * as MigrateModule from '../../src/db/migrate';
import type * as RatesModule from './bench-rates';
import type { SeedRequest } from './commit-tree';
import type * as SeedModule from './seed-transactions';

const fromTree = <T>(path: string) =>
  import(pathToFileURL(join(process.cwd(), path)).href) as Promise<T>;

const request = JSON.parse(process.env.SEED_IN_TREE ?? '') as SeedRequest;
const { openDatabase } = await fromTree<typeof DatabaseModule>('src/db/database.ts');
const { runMigrations } = await fromTree<typeof MigrateModule>('src/db/migrate.ts');
const { seedTransactions } = await fromTree<typeof SeedModule>('bench/lib/seed-transactions.ts');
const { loadBenchRates } = await fromTree<typeof RatesModule>('bench/lib/bench-rates.ts');

const database = openDatabase(request.databaseUrl, { maxConnections: 4 });
try {
  await runMigrations(database.pool);
  const seed = await seedTransactions(database.db, database.pool, request);
  await loadBenchRates(database, request.today);
  process.stdout.write(`${JSON.stringify(seed)}\n`);
} finally {
  await database.close();
}
