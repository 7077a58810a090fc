// Migration 0016 (recurring rules gain interval, end date, account and note) on a database that
// already holds rules and their transactions: each keeps recording as before.
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

describe('migration 0016: complete recurring rules', () => {
  it('gives existing rules every period, no end, no account or note, and keeps their transactions', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0016_recurring_complete'));
      const [userId, accountId, ruleId] = [randomUUID(), randomUUID(), randomUUID()];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, 'r@moneta.dev', 'x', true)`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type) VALUES ($1, $2, 'Main', 'checking')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO recurring_rules (id, user_id, name, category, amount_cents, is_income, frequency, start_date, next_due_date)
         VALUES ($1, $2, 'Rent', 'Bills', 95000, false, 'monthly', '2026-01-01', '2026-04-01')`,
        [ruleId, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income, recurring_id)
         SELECT gen_random_uuid(), $1, $2, 'Rent', 'Bills', 95000, d::date, false, $3
         FROM generate_series(DATE '2026-01-01', DATE '2026-03-01', interval '1 month') AS d`,
        [userId, accountId, ruleId],
      );

      await runMigrations(pool);

      const { rows } = await pool.query(
        `SELECT interval, end_date, account_id, note, next_due_date::text,
           (SELECT count(*)::int FROM transactions WHERE recurring_id = r.id) AS recorded
         FROM recurring_rules AS r`,
      );
      expect(rows).toEqual([
        {
          interval: 1,
          end_date: null,
          account_id: null,
          note: null,
          next_due_date: '2026-04-01',
          recorded: 3,
        },
      ]);
      // The new checks hold: an interval in 1–365, an end not before the start, an own account.
      await expect(pool.query(`UPDATE recurring_rules SET interval = 0`)).rejects.toThrow(
        /recurring_rules_interval/,
      );
      await expect(
        pool.query(`UPDATE recurring_rules SET end_date = '2025-12-31'`),
      ).rejects.toThrow(/recurring_rules_end_after_start/);
      await expect(
        pool.query(`UPDATE recurring_rules SET account_id = $1`, [randomUUID()]),
      ).rejects.toThrow(/recurring_rules_account_fk/);
      // Deleting the account it names leaves the rule, pointing nowhere (the first account).
      await pool.query(`UPDATE recurring_rules SET account_id = $1`, [accountId]);
      await pool.query(`DELETE FROM transactions`);
      await pool.query(`DELETE FROM accounts WHERE id = $1`, [accountId]);
      const { rows: left } = await pool.query(`SELECT user_id, account_id FROM recurring_rules`);
      expect(left).toEqual([{ user_id: userId, account_id: null }]);
    } finally {
      await pool.end();
    }
  });
});
