import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { applyDerivedDefinitions } from './derived/apply-derived-definitions';

/** Arbitrary constant naming the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_305_142_001;

/**
 * The committed SQL migrations live in apps/server/drizzle. This file runs from
 * src/db (tests, tsx) or from the bundled dist/server.js, so look upwards for the folder.
 */
export function migrationsFolder(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = join(directory, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    directory = resolve(directory, '..');
  }
  throw new Error('The database migrations folder (apps/server/drizzle) was not found.');
}

/**
 * Brings the database to this version: the pending numbered migrations, then the derived
 * definitions (src/db/derived: the triggers that keep balances and totals), which hold the
 * current version of every trigger function and trigger whatever migration first made it.
 *
 * With `folder`, a copy of the migrations cut short (a restore first migrates only as far as
 * its backup went; migration tests do the same), only the numbered migrations in it run: this
 * version's derived definitions may name columns such an older schema does not have yet. The
 * call without `folder` that ends the restore applies them.
 *
 * Several instances may start at once against one database, so the work happens on one
 * connection holding a PostgreSQL advisory lock.
 */
export async function runMigrations(pool: pg.Pool, folder?: string): Promise<void> {
  const client = await pool.connect();
  try {
    // A migration may rebuild a large table, and another instance may hold the lock that long:
    // no time limit here (the pool's statement_timeout is for requests). RESET below.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder ?? migrationsFolder() });
      if (folder === undefined) {
        await applyDerivedDefinitions(client);
        // Remembered answers were computed by the code that stored them: a new version may
        // compute them otherwise (domains/answer-cache/remembered-answers.ts).
        await client.query('DELETE FROM answer_cache');
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.query('RESET statement_timeout').catch(() => undefined);
    client.release();
  }
}
