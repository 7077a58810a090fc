// A database of its own for a migration test, and the migrations up to a given one, so that a
// test can fill a database as an older Moneta left it and then upgrade it.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { migrationsFolder } from '../../src/db/migrate';
import { withDatabase } from '../database-url';

export interface MigrationDatabase {
  databaseUrl: string;
  /** A folder holding the migrations before (and without) the one named `tag`. */
  migrationsBefore(tag: string): Promise<string>;
  drop(): Promise<void>;
}

export async function createMigrationDatabase(): Promise<MigrationDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const workDir = await mkdtemp(join(tmpdir(), 'moneta-migration-'));
  const databaseName = `moneta_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  return {
    databaseUrl: withDatabase(adminUrl, databaseName),
    async migrationsBefore(tag) {
      const folder = join(workDir, `before-${tag}`);
      await cp(migrationsFolder(), folder, { recursive: true });
      const journalFile = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: Array<{ tag: string }>;
      };
      const index = journal.entries.findIndex((entry) => entry.tag === tag);
      expect(index).toBeGreaterThan(0);
      journal.entries = journal.entries.slice(0, index);
      await writeFile(journalFile, JSON.stringify(journal));
      return folder;
    },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await client.end();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
