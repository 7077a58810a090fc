import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from '../src/db/database';
import type { App } from '../src/http/types';
import { TEMPLATE_DATABASE, withDatabase } from './database-url';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export const TEST_CONFIG: AppOptions['config'] = {
  CORS_ORIGINS: ['https://allowed.moneta.dev'],
  TRUST_PROXY: false,
  UPLOAD_MAX_MB: 10,
  IMPORT_MAX_MB: 20,
  LOGIN_RATE_LIMIT: 10,
  SIGNUP_RATE_LIMIT: 1000,
};

export interface TestContext {
  app: App;
  database: DatabaseHandle;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and the real app on top of it. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `moneta_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  // A test database need not wait for its WAL to reach the disk at every commit: a crash loses
  // the whole run anyway. (The crash-safety tests run their own server with the defaults.)
  await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Omit<AppOptions, 'db'>> = {},
  databaseOptions: DatabaseOptions = {},
): Promise<TestContext> {
  const testDatabase = await createTestDatabase();
  const database = openDatabase(testDatabase.url, { maxConnections: 5, ...databaseOptions });
  const app = await buildApp({
    config: TEST_CONFIG,
    jwtSecret: TEST_JWT_SECRET,
    ...overrides,
    db: database.db,
    heavyPool: database.heavyPool,
  });
  await app.ready();
  return {
    app,
    database,
    databaseUrl: testDatabase.url,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}-${Date.now()}-${emailCounter}@moneta.dev`;
}

export const GOOD_PASSWORD = 'Secret#123';

export interface SignedUpUser {
  token: string;
  id: string;
  email: string;
  headers: { authorization: string };
}

/** Signs up (and optionally completes setup) through the real API. */
export async function signUp(
  app: App,
  options: { email?: string; password?: string; setup?: boolean } = {},
): Promise<SignedUpUser> {
  const email = options.email ?? uniqueEmail();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email, password: options.password ?? GOOD_PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ token: string; _id: string; email: string }>();
  const headers = { authorization: `Bearer ${body.token}` };
  if (options.setup) {
    const setup = await app.inject({
      method: 'PUT',
      url: '/api/auth/setup',
      headers,
      payload: { defaultCurrency: 'USD' },
    });
    if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.body}`);
  }
  return { token: body.token, id: body._id, email: body.email, headers };
}
