// Migration 0020 (imports gain their statements; import rows the statement they belong to and
// the row of the file that is their other leg) on a database that already holds an import in
// preview and a committed one: their rows are of the one statement, 0, without pairs, and the
// imports have no statements stored (their one statement is their account's).
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

describe('migration 0020: import statements', () => {
  it('keeps imports and their rows, all of statement 0, with no statements stored', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0020_import_statements'));
      const [userId, main, preview, committed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, 'm@moneta.dev', 'x', true)`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Main', 'checking', 'USD')`,
        [main, userId],
      );
      await pool.query(
        `INSERT INTO imports (id, user_id, account_id, file_name, format, status, encoding, new_count, row_count)
         VALUES ($1, $3, $4, 'a.ofx', 'ofx', 'preview', 'utf-8', 2, 2),
                ($2, $3, $4, 'b.qif', 'qif', 'committed', 'utf-8', 0, 0)`,
        [preview, committed, userId, main],
      );
      await pool.query(
        `INSERT INTO import_rows (import_id, position, date, name, amount_cents, is_income, status, transfer_account_id)
         VALUES ($1, 0, '2026-10-02', 'Coffee', 350, false, 'new', NULL),
                ($1, 1, '2026-10-03', 'Card payment', 25000, false, 'transfer', $2)`,
        [preview, main],
      );

      await runMigrations(pool);

      const { rows: imports } = await pool.query(
        `SELECT file_name, status, statements FROM imports ORDER BY file_name`,
      );
      expect(imports).toEqual([
        { file_name: 'a.ofx', status: 'preview', statements: [] },
        { file_name: 'b.qif', status: 'committed', statements: [] },
      ]);
      const { rows } = await pool.query(
        `SELECT position, name, status, statement, match_row FROM import_rows ORDER BY position`,
      );
      expect(rows).toEqual([
        { position: 0, name: 'Coffee', status: 'new', statement: 0, match_row: null },
        { position: 1, name: 'Card payment', status: 'transfer', statement: 0, match_row: null },
      ]);
    } finally {
      await pool.end();
    }
  });
});
