// Migration 0025 (hidden categories, transaction attachments) on a database that already holds
// transactions, custom categories and receipts: nothing of theirs changes, and the new tables
// take rows that point at them (a receipt stays its expense's, read through as its attachment).
import { randomBytes, randomUUID } from 'node:crypto';
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

/** A digest of everything the migration must leave as it was. */
const KEPT = `SELECT
  (SELECT md5(string_agg(concat_ws('|', id, user_id, account_id, name, category, cost_cents,
     added_on, is_income, receipt_id, currency), ',' ORDER BY id)) FROM transactions) AS transactions,
  (SELECT md5(string_agg(concat_ws('|', user_id, is_income, name), ',' ORDER BY user_id, is_income, name))
     FROM user_categories) AS categories,
  (SELECT md5(string_agg(concat_ws('|', id, sha256, md5(content)), ',' ORDER BY id)) FROM receipts) AS receipts,
  (SELECT md5(string_agg(concat_ws('|', is_income, category, transaction_count, sum_cents), ','
     ORDER BY is_income, category)) FROM transaction_totals) AS totals`;

describe('migration 0025: hidden categories and attachments', () => {
  it('keeps transactions, categories, receipts and totals, and takes attachments of old rows', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0025_categories_attachments'));
      const userId = randomUUID();
      const accountId = randomUUID();
      const receiptId = randomUUID();
      const content = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(2000)]);
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'attach@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO user_categories (user_id, is_income, name) VALUES ($1, false, 'Pets'), ($1, true, 'Tips')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income, currency)
         SELECT gen_random_uuid(), $1, $2, 'Shop ' || i, CASE WHEN i % 3 = 0 THEN 'Pets' ELSE 'Food' END,
                100 * i, DATE '2026-04-01' + i, false, 'EUR'
         FROM generate_series(1, 30) AS i`,
        [userId, accountId],
      );
      await pool.query(
        `INSERT INTO receipts (id, user_id, file_name, mime_type, size_bytes, sha256, content, reading)
         VALUES ($1, $2, 'old.jpg', 'image/jpeg', $3, encode(sha256($4), 'hex'), $4, '{}')`,
        [receiptId, userId, content.length, content],
      );
      await pool.query(
        `UPDATE transactions SET receipt_id = $1 WHERE id = (
           SELECT id FROM transactions WHERE user_id = $2 ORDER BY added_on LIMIT 1)`,
        [receiptId, userId],
      );
      const before = (await pool.query(KEPT)).rows;

      await runMigrations(pool);

      expect((await pool.query(KEPT)).rows).toEqual(before);
      expect(before[0].transactions).not.toBeNull();
      expect(
        (
          await pool.query(
            `SELECT (SELECT count(*)::int FROM transaction_attachments) AS attachments,
                    (SELECT count(*)::int FROM hidden_categories) AS hidden`,
          )
        ).rows,
      ).toEqual([{ attachments: 0, hidden: 0 }]);

      // The new tables take rows that point at the old ones.
      const { rows: withReceipt } = await pool.query(
        'SELECT id FROM transactions WHERE receipt_id = $1',
        [receiptId],
      );
      const transactionId = withReceipt[0].id as string;
      await pool.query(
        `INSERT INTO transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content)
         VALUES (gen_random_uuid(), $1, $2, 'extra.pdf', 'application/pdf', 9, 'abc', '%PDF-1.4\n'::bytea)`,
        [userId, transactionId],
      );
      await pool.query(
        `INSERT INTO hidden_categories (user_id, is_income, name) VALUES ($1, false, 'Transportation')`,
        [userId],
      );
      await expect(
        pool.query(
          `INSERT INTO transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content)
           VALUES (gen_random_uuid(), $1, $2, 'x.gif', 'image/gif', 3, 'def', 'GIF'::bytea)`,
          [userId, transactionId],
        ),
      ).rejects.toThrow(/transaction_attachments_mime_type/);
      await expect(
        pool.query(
          `INSERT INTO transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content)
           VALUES (gen_random_uuid(), $1, $2, 'same.pdf', 'application/pdf', 9, 'abc', '%PDF-1.4\n'::bytea)`,
          [userId, transactionId],
        ),
      ).rejects.toThrow(/transaction_attachments_file_key/);

      // Deleting the transaction takes its attachments; the receipt stays, as before.
      await pool.query('DELETE FROM transactions WHERE id = $1', [transactionId]);
      expect(
        (
          await pool.query(
            `SELECT (SELECT count(*)::int FROM transaction_attachments) AS attachments,
                    (SELECT count(*)::int FROM receipts) AS receipts`,
          )
        ).rows,
      ).toEqual([{ attachments: 0, receipts: 1 }]);
      // Deleting the user takes everything of theirs.
      await deleteUserAndTheirHouseholds(pool, userId);
      expect(
        (await pool.query('SELECT count(*)::int AS count FROM hidden_categories')).rows,
      ).toEqual([{ count: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
