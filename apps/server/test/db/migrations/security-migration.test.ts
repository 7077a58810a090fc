// Migration 0010 (account security) on a database that already holds users' data: nothing of
// theirs changes, sign-in then makes sessions, and tokens issued before sessions existed end.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { hashPassword } from '../../../src/domains/auth/password-hasher';
import { openDatabase } from '../../../src/db/database';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';
import { GOOD_PASSWORD, TEST_CONFIG, TEST_JWT_SECRET } from '../../test-app';

let upgraded: Awaited<ReturnType<typeof createMigrationDatabase>>;

beforeAll(async () => {
  upgraded = await createMigrationDatabase();
});
afterAll(async () => {
  await upgraded.drop();
});

/** Every row of the tables that existed before, as text. */
async function existingData(pool: pg.Pool): Promise<Record<string, string>> {
  const tables = ['users', 'accounts', 'transactions', 'budgets', 'transfers', 'user_categories'];
  const digest: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await pool.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS md5
       FROM ${table} t`,
    );
    digest[table] = `${rows[0]!.rows} ${rows[0]!.md5}`;
  }
  return digest;
}

describe('migration 0010: account security', () => {
  it('keeps every existing row, then signs in with sessions and refuses tokens without one', async () => {
    const pool = new pg.Pool({ connectionString: upgraded.url, max: 2 });
    const userId = randomUUID();
    const email = 'before-sessions@moneta.dev';
    try {
      await runMigrations(pool, await upgraded.migrationsBefore('0010_security'));
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, $2, $3, true)`,
        [userId, email, await hashPassword(GOOD_PASSWORD)],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type) VALUES (gen_random_uuid(), $1, 'Main', 'checking')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         SELECT gen_random_uuid(), $1, 'Coffee ' || n, 'Food', n * 100, date '2026-01-01' + n, false
         FROM generate_series(1, 200) AS n`,
        [userId],
      );
      const before = await existingData(pool);

      // This migration alone: later ones may add columns (import_id), which change a row's text.
      await runMigrations(pool, await upgraded.migrationsBefore('0011_idempotency'));
      expect(await existingData(pool)).toEqual(before);
      await runMigrations(pool);
      for (const table of [
        'sessions',
        'api_tokens',
        'passkeys',
        'two_factor_secrets',
        'security_events',
      ]) {
        const { rows } = await pool.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM ${table}`,
        );
        expect(rows[0]!.count, table).toBe(0);
      }
    } finally {
      await pool.end();
    }

    const database = openDatabase(upgraded.url, { maxConnections: 2 });
    const app = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
    });
    try {
      // A token as the version before issued it: valid signature, no session.
      const legacy = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer('moneta')
        .setIssuedAt()
        .setExpirationTime('7d')
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const refused = await app.inject({
        method: 'GET',
        url: '/api/transactions',
        headers: { authorization: `Bearer ${legacy}` },
      });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe('INVALID_TOKEN');

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: GOOD_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const list = await app.inject({ method: 'GET', url: '/api/transactions', headers });
      expect(list.json()).toMatchObject({ total: 200 });
      const sessions = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers });
      expect(sessions.json()).toEqual([expect.objectContaining({ current: true })]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
