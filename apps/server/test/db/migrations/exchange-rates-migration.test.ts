// Migration 0018 (exchange rates) on a database that already holds users, accounts and
// transactions: nothing of theirs changes, the new tables start empty and work, and a user's
// own rates go with the user.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import {
  createMigrationDatabase,
  deleteUserAndTheirHouseholds,
} from '../../support/migration-database';

/** Columns later migrations add to transactions (0019's currency, 0027's tags): not compared. */
const LATER_COLUMNS = `'{currency,base_cost_cents,base_cost_currency,tags,household_id,created_by,updated_by,is_pending,connection_id}'::text[]`;
/** Columns later migrations add to users (0030's locale, 0033's household): not compared. */
const LATER_USER_COLUMNS = `'{locale,default_household_id}'::text[]`;
/** 0034 keys each balance by its account's household too. */
const LATER_BALANCE_COLUMNS = `'{household_id}'::text[]`;

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;

beforeAll(async () => {
  migration = await createMigrationDatabase();
});

afterAll(async () => {
  await migration.drop();
});

describe('migration 0018: exchange rates', () => {
  it('keeps existing data, adds empty rate tables, and the lookup works on them', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0018_exchange_rates'));
      const [userId, accountId] = [randomUUID(), randomUUID()];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'r@moneta.dev', 'x', true, 'GBP')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type) VALUES ($1, $2, 'Main', 'checking')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income)
         SELECT gen_random_uuid(), $1, $2, 'Shop ' || i, 'Food', 100 * i, DATE '2026-04-01' + i, false
         FROM generate_series(1, 20) AS i`,
        [userId, accountId],
      );
      const dataBefore = await pool.query(
        `SELECT (SELECT md5(string_agg((to_jsonb(t) - ${LATER_COLUMNS})::text, ',' ORDER BY id)) FROM transactions t) AS transactions,
                (SELECT md5(string_agg((to_jsonb(b) - ${LATER_BALANCE_COLUMNS})::text, ',' ORDER BY account_id)) FROM account_balances b) AS balances,
                (SELECT md5(string_agg((to_jsonb(u) - ${LATER_USER_COLUMNS})::text, ',' ORDER BY id)) FROM users u) AS users`,
      );

      await runMigrations(pool);

      const dataAfter = await pool.query(
        `SELECT (SELECT md5(string_agg((to_jsonb(t) - ${LATER_COLUMNS})::text, ',' ORDER BY id)) FROM transactions t) AS transactions,
                (SELECT md5(string_agg((to_jsonb(b) - ${LATER_BALANCE_COLUMNS})::text, ',' ORDER BY account_id)) FROM account_balances b) AS balances,
                (SELECT md5(string_agg((to_jsonb(u) - ${LATER_USER_COLUMNS})::text, ',' ORDER BY id)) FROM users u) AS users`,
      );
      expect(dataAfter.rows).toEqual(dataBefore.rows);
      const { rows: counts } = await pool.query(
        `SELECT (SELECT count(*)::int FROM exchange_rates) AS ecb,
                (SELECT count(*)::int FROM user_exchange_rates) AS own`,
      );
      expect(counts).toEqual([{ ecb: 0, own: 0 }]);

      // Every transaction's date converts to the user's base once rates exist, and not before.
      const converted = () =>
        pool.query<{ source: string | null; count: number }>(
          `SELECT r.source, count(*)::int AS count FROM transactions t
           LEFT JOIN LATERAL moneta_exchange_rate(t.household_id, 'EUR', 'GBP', t.added_on) AS r ON true
           GROUP BY 1 ORDER BY 1`,
        );
      expect((await converted()).rows).toEqual([{ source: null, count: 20 }]);
      await pool.query(
        `INSERT INTO exchange_rates (currency, date, rate)
         SELECT 'GBP', d::date, 0.87 FROM generate_series(DATE '2026-04-01', DATE '2026-04-30', interval '7 days') AS d`,
      );
      await pool.query(
        `INSERT INTO user_exchange_rates (user_id, currency, base_currency, date, rate)
         VALUES ($1, 'EUR', 'GBP', '2026-04-15', 0.9)`,
        [userId],
      );
      // 04-02 to 04-14 at the ECB's weekly rate; from 04-15 the user's own (that day, the
      // ECB's too: the own one wins) until the 21st.
      expect((await converted()).rows).toEqual([
        { source: 'ecb', count: 13 },
        { source: 'manual', count: 7 },
      ]);

      // The checks hold: no euro row, rates above 0, a pair of two currencies.
      await expect(
        pool.query(`INSERT INTO exchange_rates VALUES ('EUR', '2026-04-01', 1)`),
      ).rejects.toThrow(/exchange_rates_currency/);
      await expect(
        pool.query(`INSERT INTO exchange_rates VALUES ('USD', '2026-04-01', 0)`),
      ).rejects.toThrow(/exchange_rates_rate_positive/);
      await expect(
        pool.query(
          `INSERT INTO user_exchange_rates (user_id, currency, base_currency, date, rate)
           VALUES ($1, 'GBP', 'GBP', '2026-04-15', 1)`,
          [userId],
        ),
      ).rejects.toThrow(/user_exchange_rates_pair/);

      // A user's own rates go with the user; the ECB's stay.
      await deleteUserAndTheirHouseholds(pool, userId);
      const { rows: left } = await pool.query(
        `SELECT (SELECT count(*)::int FROM exchange_rates) AS ecb,
                (SELECT count(*)::int FROM user_exchange_rates) AS own`,
      );
      expect(left).toEqual([{ ecb: 5, own: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
