import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { openDatabase } from '../src/db/database';
import { runMigrations } from '../src/db/migrate';
import { TEMPLATE_DATABASE, withDatabase } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run: TEST_DATABASE_URL when given, else an embedded one in
 * a temporary directory. A migrated template database is made once; each test file clones it.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'moneta-test-pg-'));
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, {
      info: () => undefined,
      warn: (message) => console.warn(message),
      debug: () => undefined,
    });
    adminUrl = embedded.url;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = openDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { maxConnections: 2 });
  await runMigrations(template.pool);
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);

  return async () => {
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
