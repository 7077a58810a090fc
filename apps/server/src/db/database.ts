import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { EXPENSIVE_WORK_NICENESS, lowerPriorityOfConnections } from './cpu-priority';
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
  /** Searches' connections: at a lower CPU priority, at most `searchShare.perKey` per user. */
  searchPool: pg.Pool;
  fairShare: FairShare;
  searchShare: FairShare;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  maxConnections?: number;
  /** The time limit of each statement a request or job runs (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  /** The time limit of each statement of heavy work (DATABASE_HEAVY_STATEMENT_TIMEOUT_MS). */
  heavyStatementTimeoutMs?: number;
  /** Cores the fair share of searches is counted in (default: this machine's). */
  cores?: number;
}

/** Heavy jobs the server runs at once (http/heavy-work.ts), each with a few connections. */
export const HEAVY_WORK_PER_SERVER = 2;
const HEAVY_CONNECTIONS_PER_JOB = 3;
/** Beyond this wait a request of a user at their share is refused (503). */
const FAIR_SHARE_MAX_WAIT_MS = 30_000;
/** Requests of one user that may wait for their share; one more is a 429. */
const FAIR_SHARE_QUEUE_LENGTH = 100;

/**
 * Searches one user may run at once: half the cores, at least one. A search's statement keeps a
 * core busy for as long as it reads (seconds on a large register), so counted in connections
 * (a quarter of the pool) two searches of one user took both cores of a 2-core machine.
 */
export const searchesPerUser = (cores: number) => Math.max(1, Math.floor(cores / 2));

// Return bigint (int8) columns as JS numbers: sums of cents stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Calendar dates stay 'YYYY-MM-DD' strings: turning them into Date objects shifts days across
// time zones (docs/architecture.md, Layers).
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const max = options.maxConnections ?? 8;
  const cores = options.cores ?? availableParallelism();
  const statementTimeout = options.statementTimeoutMs ?? 10_000;
  // One core per statement: a request's work is bounded by its user's share of connections
  // (db/fair-pool.ts) only if a statement cannot take the other cores with parallel workers.
  const oneCorePerStatement = '-c max_parallel_workers_per_gather=0';
  const pool = new pg.Pool({
    connectionString: url,
    // A few connections keep a small machine's cores busy; more only queue inside PostgreSQL
    // (measured in docs/benchmarks.md). DATABASE_POOL_SIZE sets it for the server.
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    // No statement may hold a connection for long (docs/reliability.md): a runaway search is cancelled
    // by PostgreSQL and answered as one to narrow (http/error-handler.ts).
    statement_timeout: statementTimeout,
    options: oneCorePerStatement,
  });
  const perSearchUser = searchesPerUser(cores);
  const searchPool = new pg.Pool({
    connectionString: url,
    // As many as the pool: each user's searches are limited by their share, and all of them by
    // their priority; a smaller pool would make one user's search wait out another's.
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: statementTimeout,
    options: oneCorePerStatement,
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
  searchPool.on('error', () => undefined);
  // Expensive work yields the CPU to ordinary requests whenever both want it.
  lowerPriorityOfConnections(heavyPool, EXPENSIVE_WORK_NICENESS);
  lowerPriorityOfConnections(searchPool, EXPENSIVE_WORK_NICENESS);
  // A quarter of the pool per user: four users at their share still leave none waiting.
  const fairShare = createFairShare({
    perKey: Math.max(1, Math.floor(max / 4)),
    queueLength: FAIR_SHARE_QUEUE_LENGTH,
    maxWaitMs: FAIR_SHARE_MAX_WAIT_MS,
  });
  const searchShare = createFairShare({
    perKey: perSearchUser,
    queueLength: FAIR_SHARE_QUEUE_LENGTH,
    maxWaitMs: FAIR_SHARE_MAX_WAIT_MS,
  });
  shareConnections(pool, { heavyPool, searchPool, fairShare, searchShare });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    heavyPool,
    searchPool,
    fairShare,
    searchShare,
    close: async () => {
      await Promise.all([pool.end(), heavyPool.end(), searchPool.end()]);
    },
  };
}
