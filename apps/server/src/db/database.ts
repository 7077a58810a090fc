import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: repositories work on either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

// Return bigint (int8) columns as JS numbers: sums of cents stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Calendar dates stay 'YYYY-MM-DD' strings: turning them into Date objects shifts days across
// time zones (docs/architecture.md, Layers).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function openDatabase(
  url: string,
  options: { maxConnections?: number } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    // A few connections keep a small machine's cores busy; more only queue inside PostgreSQL
    // (measured in docs/benchmarks.md). DATABASE_POOL_SIZE sets it for the server.
    max: options.maxConnections ?? 8,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
