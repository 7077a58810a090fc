// Migration 0009 (accounts) on a database that already holds users' data, as an upgrade meets it.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { openDatabase } from '../../../src/db/database';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';
import { GOOD_PASSWORD, TEST_CONFIG, TEST_JWT_SECRET } from '../../test-app';

let upgraded: Awaited<ReturnType<typeof createMigrationDatabase>>;
let databaseUrl: string;

beforeAll(async () => {
  upgraded = await createMigrationDatabase();
  databaseUrl = upgraded.url;
});

afterAll(async () => {
  await upgraded.drop();
});

const ownerless = (table: string) =>
  `SELECT to_jsonb(k) - '{user_id,household_id}'::text[] AS row FROM ${table} k`;

describe('migration 0009: accounts', () => {
  it('gives every existing user a Main account holding all their transactions, totals untouched', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    try {
      await runMigrations(pool, await upgraded.migrationsBefore('0009_accounts'));
      const users = [randomUUID(), randomUUID(), randomUUID()];
      for (const [index, id] of users.entries()) {
        await pool.query(
          `INSERT INTO users (id, email, password_hash, is_setup_complete, created_at)
           VALUES ($1, $2, 'x', true, now() - ($3 || ' days')::interval)`,
          [id, `old-${index}@moneta.dev`, String(index + 1)],
        );
      }
      // Two users with history, one without any.
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         SELECT gen_random_uuid(), $1, 'Coffee ' || n, 'Food', n * 100, date '2026-01-01' + n, n % 5 = 0
         FROM generate_series(1, 500) AS n`,
        [users[0]],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         VALUES (gen_random_uuid(), $1, 'Rent', 'Bills', 90000, '2026-02-01', false)`,
        [users[1]],
      );
      const keptTotals = async () =>
        (
          await pool.query(
            // Without their owner (the user's; the household's since 0034): one user's rows here.
            `SELECT (SELECT json_agg(t ORDER BY t::text) FROM (${ownerless('transaction_totals')}) t) AS totals,
                    (SELECT json_agg(t ORDER BY t::text) FROM (${ownerless('transaction_search_counts')}) t) AS searches,
                    (SELECT json_agg(t ORDER BY t::text) FROM (${ownerless('transaction_daily_totals')}) t) AS daily`,
          )
        ).rows[0];
      const totalsBefore = await keptTotals();

      await runMigrations(pool);

      const { rows: accounts } = await pool.query<{
        user_id: string;
        name: string;
        type: string;
        opening_balance_cents: number;
      }>(`SELECT user_id, name, type, opening_balance_cents::int FROM accounts ORDER BY user_id`);
      expect(accounts).toHaveLength(3);
      expect(new Set(accounts.map((account) => account.user_id))).toEqual(new Set(users));
      expect(
        accounts.every((account) => account.name === 'Main' && account.type === 'checking'),
      ).toBe(true);
      const { rows: homeless } = await pool.query(
        `SELECT t.id FROM transactions t JOIN accounts a ON a.id = t.account_id
         WHERE a.user_id <> t.user_id UNION ALL SELECT id FROM transactions WHERE account_id IS NULL`,
      );
      expect(homeless).toEqual([]);
      expect(await keptTotals()).toEqual(totalsBefore);

      const { rows: kept } = await pool.query<{ user_id: string; flow: number; count: number }>(
        `SELECT a.user_id, b.flow_cents::int AS flow, b.transaction_count::int AS count
         FROM account_balances b JOIN accounts a ON a.id = b.account_id`,
      );
      const { rows: computed } = await pool.query<{ user_id: string; flow: number; count: number }>(
        `SELECT user_id, sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END)::int AS flow,
                count(*)::int AS count
         FROM transactions GROUP BY user_id`,
      );
      const byUser = (rows: Array<{ user_id: string }>) =>
        [...rows].sort((a, b) => a.user_id.localeCompare(b.user_id));
      expect(kept).toHaveLength(2);
      expect(byUser(kept)).toEqual(byUser(computed));
    } finally {
      await pool.end();
    }

    // The upgraded database serves the API: the balance, a new transaction in Main.
    const database = openDatabase(databaseUrl, { maxConnections: 2 });
    const app = await buildApp({
      config: TEST_CONFIG,
      jwtSecret: TEST_JWT_SECRET,
      db: database.db,
    });
    try {
      const signup = await app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'after-upgrade@moneta.dev', password: GOOD_PASSWORD },
      });
      expect(signup.statusCode).toBe(201);
      const headers = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
      const accounts = (await app.inject({ method: 'GET', url: '/api/accounts', headers })).json();
      expect(accounts).toEqual([expect.objectContaining({ name: 'Main', balance: 0 })]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
