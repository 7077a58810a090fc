import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { migrationsFolder } from '../../src/db/migrate';
import { withDatabase } from '../database-url';

/**
 * An empty database for testing a migration on data an older version left, and copies of the
 * migrations folder cut before a given migration.
 */
export async function createMigrationDatabase() {
  const adminUrl = inject('adminDatabaseUrl');
  const workDir = await mkdtemp(join(tmpdir(), 'moneta-migration-'));
  const name = `moneta_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),

    /** Migrations up to (and without) the one named `tag`, in a folder of their own. */
    async migrationsBefore(tag: string): Promise<string> {
      const folder = join(workDir, `before-${tag}`);
      await cp(migrationsFolder(), folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: Array<{ tag: string }>;
      };
      const index = journal.entries.findIndex((entry) => entry.tag === tag);
      if (index <= 0) throw new Error(`no migration ${tag} after the first`);
      journal.entries = journal.entries.slice(0, index);
      await writeFile(journalFile, JSON.stringify(journal));
      return folder;
    },

    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}

/**
 * A user with a euro base currency and one euro checking account ("Main"), written in SQL on
 * a database migrated at least to accounts in their own currency (migration 0019).
 */
export async function insertEuroUser(
  pool: pg.Pool,
  email: string,
): Promise<{ userId: string; accountId: string }> {
  const userId = randomUUID();
  const accountId = randomUUID();
  await pool.query(
    `INSERT INTO users (id, email, password_hash, default_currency) VALUES ($1, $2, 'hash', 'EUR')`,
    [userId, email],
  );
  await pool.query(
    `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
    [accountId, userId],
  );
  return { userId, accountId };
}

/**
 * Deletes a user as deleting their account does: the households only they belong to go first
 * (with everything in them); rows they entered in shared ones stay, their author forgotten.
 */
export async function deleteUserAndTheirHouseholds(pool: pg.Pool, userId: string): Promise<void> {
  await pool.query(
    `DELETE FROM households h
      WHERE EXISTS (SELECT 1 FROM household_members m WHERE m.household_id = h.id AND m.user_id = $1)
        AND NOT EXISTS (SELECT 1 FROM household_members m
                         WHERE m.household_id = h.id AND m.user_id <> $1)`,
    [userId],
  );
  await pool.query('DELETE FROM users WHERE id = $1', [userId]);
}
