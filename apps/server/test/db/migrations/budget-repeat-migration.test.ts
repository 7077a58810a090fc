// Migration 0026 (budgets.repeat) on a database that already holds budgets: every budget stays
// as it was, none repeats, and a budget can then be set to repeat.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;

beforeAll(async () => {
  migration = await createMigrationDatabase();
});

afterAll(async () => {
  await migration.drop();
});

const BUDGETS = `SELECT md5(string_agg(concat_ws('|', id, user_id, category, amount_cents, month, year,
  rollover, created_at), ',' ORDER BY id)) AS budgets, count(*)::int AS count FROM budgets`;

describe('migration 0026: budgets that repeat every month', () => {
  it('keeps every budget, none repeating, and takes repeat afterwards', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0026_budget_repeat'));
      const userId = randomUUID();
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'repeat@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO budgets (id, user_id, category, amount_cents, month, year, rollover)
         SELECT gen_random_uuid(), $1, c, 1000 * m, m, 2026, m % 2 = 0
         FROM unnest(ARRAY['Food', 'Bills', 'Pets']) AS c, generate_series(1, 12) AS m`,
        [userId],
      );
      const before = (await pool.query(BUDGETS)).rows;

      await runMigrations(pool);

      expect((await pool.query(BUDGETS)).rows).toEqual(before);
      expect(before[0].count).toBe(36);
      const { rows: repeating } = await pool.query(
        'SELECT count(*)::int AS count FROM budgets WHERE repeat',
      );
      expect(repeating).toEqual([{ count: 0 }]);
      const { rows: rolling } = await pool.query(
        'SELECT count(*)::int AS count FROM budgets WHERE rollover',
      );
      expect(rolling).toEqual([{ count: 18 }]);
      await pool.query(`UPDATE budgets SET repeat = true WHERE category = 'Food' AND month = 12`);
      await expect(
        pool.query(`UPDATE budgets SET repeat = NULL WHERE category = 'Food'`),
      ).rejects.toThrow(/null value/);
      const { rows: after } = await pool.query('SELECT category, month FROM budgets WHERE repeat');
      expect(after).toEqual([{ category: 'Food', month: 12 }]);
    } finally {
      await pool.end();
    }
  });
});
