// Migration 0021 (budget rollover, goals) on a database that already holds budgets: every budget
// stays as it was and rolls nothing over, and goals can be added beside them.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import {
  createMigrationDatabase,
  deleteUserAndTheirHouseholds,
} from '../../support/migration-database';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;

beforeAll(async () => {
  migration = await createMigrationDatabase();
});

afterAll(async () => {
  await migration.drop();
});

const BUDGETS = `SELECT md5(string_agg(concat_ws('|', id, user_id, category, amount_cents, month, year, created_at),
  ',' ORDER BY id)) AS budgets, count(*)::int AS count FROM budgets`;

describe('migration 0021: budget rollover and goals', () => {
  it('keeps every budget, with rollover off, and takes goals', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0021_budget_rollover_goals'));
      const userId = randomUUID();
      const accountId = randomUUID();
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'budgets@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO budgets (id, user_id, category, amount_cents, month, year)
         SELECT gen_random_uuid(), $1, c, 1000 * m, m, 2026
         FROM unnest(ARRAY['Food', 'Bills', 'Pets']) AS c, generate_series(1, 12) AS m`,
        [userId],
      );
      const before = (await pool.query(BUDGETS)).rows;

      await runMigrations(pool);

      expect((await pool.query(BUDGETS)).rows).toEqual(before);
      expect(before[0].count).toBe(36);
      const { rows: rolling } = await pool.query(
        'SELECT count(*)::int AS count FROM budgets WHERE rollover',
      );
      expect(rolling).toEqual([{ count: 0 }]);
      await pool.query(
        `INSERT INTO goals (id, user_id, name, target_cents, currency, account_id)
         VALUES (gen_random_uuid(), $1, 'Trip', 50000, 'EUR', $2)`,
        [userId, accountId],
      );
      await expect(
        pool.query(
          `INSERT INTO goals (id, user_id, name, target_cents, currency)
           VALUES (gen_random_uuid(), $1, 'Nothing', 0, 'EUR')`,
          [userId],
        ),
      ).rejects.toThrow(/goals_target_positive/);
      // Deleting the user takes the goal along.
      await deleteUserAndTheirHouseholds(pool, userId);
      expect((await pool.query('SELECT count(*)::int AS count FROM goals')).rows).toEqual([
        { count: 0 },
      ]);
    } finally {
      await pool.end();
    }
  });
});
