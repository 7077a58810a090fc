// Migration 0027 (tags, the trash, saved searches) on a database that already holds
// transactions: every row and every kept total stays as it was, each row gets no tags, and the
// tag index answers the tag filter's condition.
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

const TRANSACTIONS = `SELECT md5(string_agg(concat_ws('|', id, user_id, name, category, cost_cents,
  added_on, is_income, note, account_id, currency, created_at, updated_at), ',' ORDER BY id))
  AS rows, count(*)::int AS count FROM transactions`;
const TOTALS = `SELECT (SELECT md5(string_agg(concat_ws('|', is_income, category,
  transaction_count, sum_cents), ',' ORDER BY is_income, category)) FROM transaction_totals)
  AS totals, (SELECT md5(string_agg(concat_ws('|', account_id, transaction_count),
  ',' ORDER BY account_id)) FROM account_balances) AS balances`;

describe('migration 0027: tags, trash and saved searches', () => {
  it('keeps every transaction and total, gives none a tag, and takes the new tables', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    // A connection still closing when afterAll drops the database (WITH FORCE) is told so by an
    // error event; that is the end of the test, not a failure of it.
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore('0027_register'));
      const userId = randomUUID();
      const accountId = randomUUID();
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'register@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
           account_id, currency, note)
         SELECT gen_random_uuid(), $1, 'Shop ' || n, CASE WHEN n % 2 = 0 THEN 'Food' ELSE 'Bills' END,
           100 + n, DATE '2026-01-01' + n % 60, n % 7 = 0, $2, 'EUR', CASE WHEN n % 3 = 0 THEN 'n' END
         FROM generate_series(1, 500) AS n`,
        [userId, accountId],
      );
      const before = (await pool.query(TRANSACTIONS)).rows;
      const totals = (await pool.query(TOTALS)).rows;

      await runMigrations(pool);

      expect((await pool.query(TRANSACTIONS)).rows).toEqual(before);
      expect(before[0].count).toBe(500);
      expect((await pool.query(TOTALS)).rows).toEqual(totals);
      const { rows: tagged } = await pool.query(
        `SELECT count(*)::int AS count FROM transactions WHERE tags <> '{}'::text[]`,
      );
      expect(tagged).toEqual([{ count: 0 }]);

      await pool.query(
        `UPDATE transactions SET tags = ARRAY['Trip', 'work'] WHERE name IN ('Shop 1', 'Shop 2')`,
      );
      const { rows: trips } = await pool.query(
        `SELECT name FROM transactions WHERE user_id = $1 AND tags <> '{}'::text[]
           AND moneta_tag_keys(tags) @> ARRAY['trip'] ORDER BY name`,
        [userId],
      );
      expect(trips).toEqual([{ name: 'Shop 1' }, { name: 'Shop 2' }]);
      await pool.query(
        `INSERT INTO deleted_transactions (id, user_id, row) VALUES (gen_random_uuid(), $1, '{"id":"x"}')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO saved_filters (id, user_id, name, query) VALUES (gen_random_uuid(), $1, 'Trips', 'tag:trip')`,
        [userId],
      );
      await expect(
        pool.query(
          `INSERT INTO saved_filters (id, user_id, name, query) VALUES (gen_random_uuid(), $1, 'TRIPS', 'x')`,
          [userId],
        ),
      ).rejects.toThrow(/saved_filters_user_name_key/);
      // Deleting the user takes the trash and the saved searches along.
      await deleteUserAndTheirHouseholds(pool, userId);
      const { rows: left } = await pool.query(
        `SELECT (SELECT count(*) FROM deleted_transactions)::int AS trash,
           (SELECT count(*) FROM saved_filters)::int AS filters`,
      );
      expect(left).toEqual([{ trash: 0, filters: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
