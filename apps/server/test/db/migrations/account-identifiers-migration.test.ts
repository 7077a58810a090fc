// Migration 0015 (accounts.identifiers) on a database that already holds accounts,
// transactions and transfers: every account starts with none, and nothing else moves.
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

const balances = `SELECT a.id, a.name, a.opening_balance_cents, b.flow_cents, b.transaction_count
  FROM accounts AS a LEFT JOIN account_balances AS b ON b.account_id = a.id ORDER BY a.name`;

describe('migration 0015: account identifiers', () => {
  it('gives every existing account an empty list, keeps balances, and holds at most five', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0015_account_identifiers'));
      const userId = randomUUID();
      const [main, savings] = [randomUUID(), randomUUID()];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, 'a@moneta.dev', 'x', true)`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, opening_balance_cents, created_at)
         VALUES ($1, $3, 'Main', 'checking', 1000, now() - interval '1 day'),
                ($2, $3, 'Savings', 'savings', 0, now())`,
        [main, savings, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income)
         SELECT gen_random_uuid(), $1, $2, 'Row ' || i, 'Food', 100 * i, DATE '2026-01-01' + i, i % 4 = 0
         FROM generate_series(1, 40) AS i`,
        [userId, main],
      );
      await pool.query(
        `INSERT INTO transfers (id, user_id, from_account_id, to_account_id, amount_cents, date)
         VALUES (gen_random_uuid(), $1, $2, $3, 30000, '2026-02-01')`,
        [userId, main, savings],
      );
      const before = (await pool.query(balances)).rows;
      expect(before).toHaveLength(2);

      await runMigrations(pool);

      expect((await pool.query(balances)).rows).toEqual(before);
      const { rows } = await pool.query(`SELECT identifiers FROM accounts ORDER BY name`);
      expect(rows).toEqual([{ identifiers: [] }, { identifiers: [] }]);
      await pool.query(
        `UPDATE accounts SET identifiers = ARRAY['DE89370400440532013000'] WHERE id = $1`,
        [savings],
      );
      await expect(
        pool.query(
          `UPDATE accounts SET identifiers = ARRAY['1','2','3','4','5','6'] WHERE id = $1`,
          [main],
        ),
      ).rejects.toThrow(/accounts_identifiers_count/);
    } finally {
      await pool.end();
    }
  });
});
