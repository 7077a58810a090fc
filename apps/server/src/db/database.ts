import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createFairShare, shareConnections, type FairShare } from './fair-pool';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: repositories work on either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /** Heavy work's connections (http/heavy-work.ts): a longer statement limit, apart from the pool. */
  heavyPool: pg.Pool;
  fairShare: FairShare;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  maxConnections?: number;
  /** The time limit of each statement a request or job runs (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** The time limit of each statement of heavy work (DATABASE_HEAVY_STATEMENT_TIMEOUT_MS). */
  heavyStatementTimeoutMs?: number;
}

/** Heavy jobs the server runs at once (http/heavy-work.ts), each with a few connections. */
export const HEAVY_WORK_PER_SERVER = 2;
const HEAVY_CONNECTIONS_PER_JOB = 3;
/** Beyond this wait a request of a user at their share is refused (503). */
const FAIR_SHARE_MAX_WAIT_MS = 30_000;
/** Requests of one user that may wait for their share; one more is a 429. */
const FAIR_SHARE_QUEUE_LENGTH = 100;

// Return bigint (int8) columns as JS numbers: sums of cents stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Calendar dates stay 'YYYY-MM-DD' strings: turning them into Date objects shifts days across
// time zones (docs/architecture.md, Layers).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const max = options.maxConnections ?? 8;
  const pool = new pg.Pool({
    connectionString: url,
    // A few connections keep a small machine's cores busy; more only queue inside PostgreSQL
    // (measured in docs/benchmarks.md). DATABASE_POOL_SIZE sets it for the server.
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // No statement may hold a connection for long (docs/reliability.md): a runaway search is cancelled
    // by PostgreSQL and answered as one to narrow (http/error-handler.ts).
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    // One core per statement: a request's work is bounded by its user's share of connections
    // (db/fair-pool.ts) only if a statement cannot take the other cores with parallel workers.
    options: '-c max_parallel_workers_per_gather=0',
  });
  const heavyPool = new pg.Pool({
    connectionString: url,
    max: HEAVY_WORK_PER_SERVER * HEAVY_CONNECTIONS_PER_JOB,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: options.heavyStatementTimeoutMs ?? 300_000,
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  heavyPool.on('error', () => undefined);
  // A quarter of the pool per user: four users at their share still leave none waiting.
  const fairShare = createFairShare({
    perKey: Math.max(1, Math.floor(max / 4)),
    queueLength: FAIR_SHARE_QUEUE_LENGTH,
    maxWaitMs: FAIR_SHARE_MAX_WAIT_MS,
  });
  shareConnections(pool, heavyPool, fairShare);
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    heavyPool,
    fairShare,
    close: async () => {
      await Promise.all([pool.end(), heavyPool.end()]);
    },
  };
}
