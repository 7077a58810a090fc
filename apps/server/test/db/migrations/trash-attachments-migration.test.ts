// Migration 0028 (the files of trashed transactions) on a database that already holds users,
// transactions, attachments and a trashed row: nothing of theirs changes, the new table starts
// empty, and a trash move holds the files in it.
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

// Without the columns later migrations add (0033: the household and who made and changed a row).
const LATER = `'{household_id,created_by,updated_by,is_pending,connection_id}'::text[]`;
const digest = `SELECT
  (SELECT md5(string_agg((to_jsonb(t) - ${LATER})::text, ',' ORDER BY id)) FROM transactions t) AS transactions,
  (SELECT md5(string_agg((to_jsonb(a) - ${LATER})::text, ',' ORDER BY id)) FROM transaction_attachments a) AS attachments,
  (SELECT md5(string_agg(jsonb_set(to_jsonb(d) - ${LATER}, '{row}', d.row - ${LATER})::text, ',' ORDER BY id))
     FROM deleted_transactions d) AS trash`;

describe('migration 0028: the files of trashed transactions', () => {
  it('keeps existing data and adds an empty table that holds a trashed row’s files', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0028_trash_attachments'));
      const [userId, accountId, kept, trashed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete, default_currency)
         VALUES ($1, 'm@moneta.dev', 'x', true, 'EUR')`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'EUR')`,
        [accountId, userId],
      );
      await pool.query(
        `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on, is_income, currency)
         VALUES ($1, $3, $4, 'Camera', 'Shopping', 49900, '2026-03-02', false, 'EUR'),
                ($2, $3, $4, 'Lens', 'Shopping', 19900, '2026-03-03', false, 'EUR')`,
        [kept, trashed, userId, accountId],
      );
      await pool.query(
        `INSERT INTO transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content)
         VALUES ($1, $2, $3, 'a.pdf', 'application/pdf', 4, repeat('a', 64), '\\x25504446')`,
        [randomUUID(), userId, kept],
      );
      await pool.query(
        `INSERT INTO deleted_transactions (id, user_id, row) VALUES ($1, $2, '{"id": "x"}'::jsonb)`,
        [randomUUID(), userId],
      );
      const before = await pool.query(digest);

      await runMigrations(pool);

      expect((await pool.query(digest)).rows).toEqual(before.rows);
      const { rows: held } = await pool.query(
        'SELECT count(*)::int AS n FROM deleted_transaction_attachments',
      );
      expect(held).toEqual([{ n: 0 }]);
      // The trash move of the repository, as SQL: the file is held, the original cascades away.
      await pool.query(
        `WITH taken AS (DELETE FROM transactions WHERE id = $1 RETURNING id, user_id, to_jsonb(transactions) AS row),
         held AS (INSERT INTO deleted_transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content, created_at)
           SELECT a.id, a.user_id, a.transaction_id, a.file_name, a.mime_type, a.size_bytes, a.sha256, a.content, a.created_at
           FROM transaction_attachments a WHERE a.transaction_id IN (SELECT id FROM taken))
         INSERT INTO deleted_transactions (id, user_id, row) SELECT id, user_id, row - 'search_text' FROM taken`,
        [kept],
      );
      const { rows: after } = await pool.query(
        `SELECT (SELECT count(*)::int FROM transaction_attachments) AS attached,
                (SELECT count(*)::int FROM deleted_transaction_attachments WHERE transaction_id = $1) AS held`,
        [kept],
      );
      expect(after).toEqual([{ attached: 0, held: 1 }]);
      // A user's held files go with the user.
      await deleteUserAndTheirHouseholds(pool, userId);
      const { rows: gone } = await pool.query(
        'SELECT count(*)::int AS n FROM deleted_transaction_attachments',
      );
      expect(gone).toEqual([{ n: 0 }]);
    } finally {
      await pool.end();
    }
  });
});
