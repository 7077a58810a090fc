// Migration 0031 (remembered answers: answer_cache and the data versions) on a database that
// already holds a user's money: nothing of theirs changes, the new tables start empty (version
// 0, so that a restore still finds the database empty of rows), and the first write after it
// gives the user a version at its commit.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase, insertEuroUser } from '../../support/migration-database';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

// Without the owner columns later migrations change (0033 adds the household; 0034 keys the
// derived tables by it instead of the user): one user's rows here.
const LATER = `'{user_id,household_id}'::text[]`;
const MONEY = `SELECT
  (SELECT json_agg(t ORDER BY t.id) FROM (SELECT id, user_id, name, category, cost_cents, added_on,
    is_income, account_id, currency FROM transactions) t) AS transactions,
  (SELECT json_agg(to_jsonb(b) - ${LATER} ORDER BY b.account_id) FROM account_balances b) AS balances,
  (SELECT json_agg(to_jsonb(d) - ${LATER} ORDER BY d.added_on, d.category)
     FROM transaction_daily_totals d) AS daily,
  (SELECT json_agg(to_jsonb(b) - ${LATER} ORDER BY b.id) FROM budgets b) AS budgets`;

const NEW_TABLES = [
  'answer_cache',
  'household_data_versions',
  'exchange_rates_version',
  'data_version_pending',
];

describe('migration 0031: remembered answers', () => {
  it('keeps every row, starts the new tables empty, and versions the first write', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore('0031_answer_cache'));
      const { userId, accountId } = await insertEuroUser(pool, 'v@moneta.dev');
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, account_id, currency)
         SELECT gen_random_uuid(), $1, 'Market', 'Food', 100 * n, DATE '2026-01-01' + n, n % 5 = 0, $2, 'EUR'
         FROM generate_series(1, 40) AS n`,
        [userId, accountId],
      );
      await pool.query(
        `INSERT INTO budgets (id, user_id, category, amount_cents, month, year) VALUES ($1, $2, 'Food', 50000, 1, 2026)`,
        [randomUUID(), userId],
      );
      const before = (await pool.query(MONEY)).rows;

      await runMigrations(pool);

      expect((await pool.query(MONEY)).rows).toEqual(before);
      for (const table of NEW_TABLES) {
        const { rows } = await pool.query(`SELECT count(*)::int AS count FROM ${table}`);
        expect({ table, ...rows[0] }).toEqual({ table, count: 0 });
      }

      await pool.query(`UPDATE transactions SET note = 'checked' WHERE user_id = $1`, [userId]);
      const { rows: versions } = await pool.query(
        `SELECT m.user_id, v.version > 0 AS given FROM household_data_versions v
         JOIN household_members m ON m.household_id = v.household_id`,
      );
      expect(versions).toEqual([{ user_id: userId, given: true }]);
      const { rows: pending } = await pool.query(
        `SELECT count(*)::int AS count FROM data_version_pending`,
      );
      expect(pending).toEqual([{ count: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
