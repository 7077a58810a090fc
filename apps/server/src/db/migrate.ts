import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

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
 * Applies pending migrations (from `folder`: a restore first migrates only as far as its backup
 * went). Several instances may start at once against one database, so the
 * work happens on one connection holding a PostgreSQL advisory lock.
 */
export async function runMigrations(
  pool: pg.Pool,
  folder: string = migrationsFolder(),
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle(client), { migrationsFolder: folder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
