// Migration 0029 (the parts of split transactions) on a database that already holds users,
// transactions, their kept totals and an import's rows: nothing of theirs changes, the new table
// starts empty, holds a transaction's parts, and its parts go with their transaction and with their
// user; import rows gain an empty `splits`.
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

const digest = `SELECT
  (SELECT md5(string_agg((to_jsonb(t) - '{household_id,created_by,updated_by,is_pending,connection_id}'::text[])::text, ','
     ORDER BY id)) FROM transactions t) AS transactions,
  (SELECT md5(string_agg(s.kept, ',' ORDER BY s.kept)) FROM (
     SELECT (to_jsonb(s) - '{user_id,household_id}'::text[])::text AS kept FROM transaction_totals s) AS s) AS totals,
  (SELECT md5(string_agg(d.kept, ',' ORDER BY d.kept)) FROM (
     SELECT (to_jsonb(d) - '{user_id,household_id}'::text[])::text AS kept FROM transaction_daily_totals d) AS d) AS daily`;

// The derived totals without their owner's column (the user's, then the household's since 0034):
// one user's rows either way.

describe('migration 0029: split transactions', () => {
  it('keeps existing data and adds an empty table of parts that follow their transaction', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0029_splits'));
      const [userId, accountId, groceries, rent] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 's@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income, currency)
         VALUES ($1, $3, $4, 'Market', 'Food', 8450, '2026-03-02', false, 'EUR'),
                ($2, $3, $4, 'Rent', 'Housing', 90000, '2026-03-01', false, 'EUR')`,
        [groceries, rent, userId, accountId],
      );
      // An import in preview keeps its rows, which gain no parts.
      const importId = randomUUID();
      await pool.query(
        `INSERT INTO imports (id, user_id, account_id, file_name, format, status, encoding, new_count, row_count)
         VALUES ($1, $2, $3, 'a.csv', 'csv', 'preview', 'utf-8', 1, 1)`,
        [importId, userId, accountId],
      );
      await pool.query(
        `INSERT INTO import_rows (import_id, position, date, name, amount_cents, is_income, status)
         VALUES ($1, 0, '2026-03-03', 'Coffee', 350, false, 'new')`,
        [importId],
      );
      const importRows = `SELECT md5(string_agg(to_jsonb(r)::text, ',' ORDER BY position)) AS rows
        FROM import_rows r`;
      const rowsBefore = (await pool.query(importRows)).rows;
      const before = await pool.query(digest);

      await runMigrations(pool);

      expect((await pool.query(digest)).rows).toEqual(before.rows);
      const { rows: imported } = await pool.query(
        `SELECT name, amount_cents::int AS amount, splits FROM import_rows WHERE import_id = $1`,
        [importId],
      );
      expect(imported).toEqual([{ name: 'Coffee', amount: 350, splits: null }]);
      expect(
        // Without the import's household, which a later migration gives each row.
        (
          await pool.query(`SELECT md5(string_agg((to_jsonb(r) - '{splits,household_id}'::text[])::text, ','
            ORDER BY position)) AS rows
          FROM import_rows r`)
        ).rows,
      ).toEqual(rowsBefore);
      const { rows: empty } = await pool.query('SELECT count(*)::int AS n FROM transaction_splits');
      expect(empty).toEqual([{ n: 0 }]);

      // The market bill becomes two parts: 60.00 food and 24.50 household.
      await pool.query(
        `INSERT INTO transaction_splits (id, user_id, transaction_id, position, category, amount_cents, note)
         VALUES ($1, $3, $4, 0, 'Food', 6000, NULL), ($2, $3, $4, 1, 'Household', 2450, 'soap')`,
        [randomUUID(), randomUUID(), userId, groceries],
      );
      const { rows: parts } = await pool.query(
        `SELECT position, category, amount_cents::int AS amount, note FROM transaction_splits
         WHERE transaction_id = $1 ORDER BY position`,
        [groceries],
      );
      expect(parts).toEqual([
        { position: 0, category: 'Food', amount: 6000, note: null },
        { position: 1, category: 'Household', amount: 2450, note: 'soap' },
      ]);
      // A part is positive, and one position holds one part.
      await expect(
        pool.query(
          `INSERT INTO transaction_splits (id, user_id, transaction_id, position, category, amount_cents)
           VALUES ($1, $2, $3, 2, 'Food', 0)`,
          [randomUUID(), userId, groceries],
        ),
      ).rejects.toMatchObject({ code: '23514' });
      await expect(
        pool.query(
          `INSERT INTO transaction_splits (id, user_id, transaction_id, position, category, amount_cents)
           VALUES ($1, $2, $3, 1, 'Food', 100)`,
          [randomUUID(), userId, groceries],
        ),
      ).rejects.toMatchObject({ code: '23505' });

      // Parts go with their transaction, and with their user.
      await pool.query('DELETE FROM transactions WHERE id = $1', [groceries]);
      const { rows: afterDelete } = await pool.query(
        'SELECT count(*)::int AS n FROM transaction_splits',
      );
      expect(afterDelete).toEqual([{ n: 0 }]);
      await pool.query(
        `INSERT INTO transaction_splits (id, user_id, transaction_id, position, category, amount_cents)
         VALUES ($1, $3, $4, 0, 'Housing', 80000), ($2, $3, $4, 1, 'Utilities', 10000)`,
        [randomUUID(), randomUUID(), userId, rent],
      );
      await deleteUserAndTheirHouseholds(pool, userId);
      const { rows: gone } = await pool.query('SELECT count(*)::int AS n FROM transaction_splits');
      expect(gone).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
