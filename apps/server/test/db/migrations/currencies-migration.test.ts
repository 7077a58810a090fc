// Migration 0019 (currencies) on a database that already holds users in several currencies,
// their accounts, transactions and transfers: every account takes its user's currency, every
// transaction its account's, and no balance or kept total moves.
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

const KEPT = `SELECT
  (SELECT md5(string_agg(b.kept, ',' ORDER BY b.kept)) FROM (
     SELECT (to_jsonb(b) - '{user_id,household_id}'::text[])::text AS kept FROM account_balances b) AS b) AS balances,
  (SELECT md5(string_agg(t.kept, ',' ORDER BY t.kept)) FROM (
     SELECT (to_jsonb(t) - '{user_id,household_id}'::text[])::text AS kept FROM transaction_totals t) AS t) AS totals,
  (SELECT md5(string_agg(d.kept, ',' ORDER BY d.kept)) FROM (
     SELECT (to_jsonb(d) - '{user_id,household_id}'::text[])::text AS kept FROM transaction_daily_totals d) AS d) AS daily,
  (SELECT md5(string_agg(concat_ws('|', id, name, cost_cents, added_on, account_id), ',' ORDER BY id)) FROM transactions) AS rows`;

describe('migration 0019: currencies', () => {
  it('gives accounts their user’s currency and transactions their account’s, moving nothing', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0019_currencies'));
      const users = [
        { id: randomUUID(), currency: 'EUR', accounts: [randomUUID(), randomUUID()] },
        { id: randomUUID(), currency: 'JPY', accounts: [randomUUID()] },
      ];
      for (const [index, user] of users.entries()) {
        await pool.query(
          `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
           VALUES ($1, $2, 'x', true, $3)`,
          [user.id, `m${index}@moneta.dev`, user.currency],
        );
        for (const [position, accountId] of user.accounts.entries()) {
          await pool.query(
            `INSERT INTO accounts (id, user_id, name, type) VALUES ($1, $2, $3, 'checking')`,
            [accountId, user.id, `Account ${position}`],
          );
          await pool.query(
            `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income)
             SELECT gen_random_uuid(), $1, $2, 'Shop ' || i, 'Food', 100 * i, DATE '2026-04-01' + i, i % 4 = 0
             FROM generate_series(1, 25) AS i`,
            [user.id, accountId],
          );
        }
      }
      await pool.query(
        `INSERT INTO transfers (id, user_id, from_account_id, to_account_id, amount_cents, date)
         VALUES (gen_random_uuid(), $1, $2, $3, 5000, '2026-04-03')`,
        [users[0]!.id, users[0]!.accounts[0], users[0]!.accounts[1]],
      );
      const before = (await pool.query(KEPT)).rows;

      await runMigrations(pool);

      expect((await pool.query(KEPT)).rows).toEqual(before);
      const { rows: accounts } = await pool.query(
        `SELECT a.currency, u.default_currency FROM accounts a JOIN users u ON u.id = a.user_id`,
      );
      expect(accounts).toHaveLength(3);
      for (const row of accounts) expect(row.currency).toBe(row.default_currency);
      const { rows: mismatched } = await pool.query(
        `SELECT count(*)::int AS count FROM transactions t JOIN accounts a ON a.id = t.account_id
         WHERE t.currency IS DISTINCT FROM a.currency OR t.base_cost_cents IS NOT NULL`,
      );
      expect(mismatched).toEqual([{ count: 0 }]);
      const { rows: counted } = await pool.query(
        `SELECT currency, count(*)::int AS count FROM transactions GROUP BY 1 ORDER BY 1`,
      );
      expect(counted).toEqual([
        { currency: 'EUR', count: 50 },
        { currency: 'JPY', count: 25 },
      ]);
      // A transaction written afterwards without a currency takes its account's (the trigger).
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         VALUES (gen_random_uuid(), $1, 'Later', 'Food', 300, '2026-05-01', false)`,
        [users[1]!.id],
      );
      const { rows: later } = await pool.query(
        `SELECT currency FROM transactions WHERE name = 'Later'`,
      );
      expect(later).toEqual([{ currency: 'JPY' }]);
      // No currency that is not a code.
      await expect(
        pool.query(`UPDATE accounts SET currency = 'euro' WHERE user_id = $1`, [users[0]!.id]),
      ).rejects.toThrow(/accounts_currency/);
    } finally {
      await pool.end();
    }
  });
});
