// Migration 0017 (transfers gain legs' dates and origins; import rows a transfer status; rules a
// transfer account) on a database that already holds transfers, rules and an import in preview:
// everything reads as before, and the new checks hold.
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

describe('migration 0017: transfers from imports', () => {
  it('keeps transfers, rules and import rows as they were, with no origins', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0017_transfers_from_imports'));
      const [userId, main, savings, importId] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, 't@moneta.dev', 'x', true)`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type) VALUES ($1, $3, 'Main', 'checking'), ($2, $3, 'Savings', 'savings')`,
        [main, savings, userId],
      );
      await pool.query(
        `INSERT INTO transfers (id, user_id, from_account_id, to_account_id, amount_cents, date, note)
         VALUES ($1, $2, $3, $4, 30000, '2026-10-01', 'Saving')`,
        [randomUUID(), userId, main, savings],
      );
      await pool.query(
        `INSERT INTO rules (id, user_id, field, operator, value, category, position)
         VALUES ($1, $2, 'name', 'contains', 'rewe', 'Groceries', 1)`,
        [randomUUID(), userId],
      );
      await pool.query(
        `INSERT INTO imports (id, user_id, account_id, file_name, format, status, encoding, new_count, row_count)
         VALUES ($1, $2, $3, 'x.csv', 'csv', 'preview', 'utf-8', 1, 1)`,
        [importId, userId, main],
      );
      await pool.query(
        `INSERT INTO import_rows (import_id, position, date, name, amount_cents, is_income, status)
         VALUES ($1, 0, '2026-10-02', 'REWE', 295, false, 'new')`,
        [importId],
      );

      await runMigrations(pool);

      const { rows: transfers } = await pool.query(
        `SELECT amount_cents::int, date::text, to_date, from_import_id, to_import_id, from_bank_id,
           to_bank_id, replaced FROM transfers`,
      );
      expect(transfers).toEqual([
        {
          amount_cents: 30000,
          date: '2026-10-01',
          to_date: null,
          from_import_id: null,
          to_import_id: null,
          from_bank_id: null,
          to_bank_id: null,
          replaced: null,
        },
      ]);
      const { rows: balances } = await pool.query(
        `SELECT account_id, flow_cents::int FROM account_balances ORDER BY flow_cents`,
      );
      expect(balances).toEqual([
        { account_id: main, flow_cents: -30000 },
        { account_id: savings, flow_cents: 30000 },
      ]);
      const { rows: imports } = await pool.query(
        `SELECT i.transfer_count, r.status, r.transfer_account_id, r.match_of, r.counterparty
         FROM imports i JOIN import_rows r ON r.import_id = i.id`,
      );
      expect(imports).toEqual([
        {
          transfer_count: 0,
          status: 'new',
          transfer_account_id: null,
          match_of: null,
          counterparty: null,
        },
      ]);
      // The new status is allowed, an unknown one still is not.
      await pool.query(`UPDATE import_rows SET status = 'transfer'`);
      await expect(pool.query(`UPDATE import_rows SET status = 'moved'`)).rejects.toThrow(
        /import_rows_status/,
      );
      // A rule's transfer account must be the user's own; deleting it nulls only that column.
      await expect(
        pool.query(`UPDATE rules SET transfer_account_id = $1`, [randomUUID()]),
      ).rejects.toThrow(/rules_transfer_account_fk/);
      await pool.query(`UPDATE rules SET transfer_account_id = $1`, [savings]);
      await pool.query(`DELETE FROM transfers`);
      await pool.query(`DELETE FROM accounts WHERE id = $1`, [savings]);
      const { rows: rules } = await pool.query(
        `SELECT user_id, category, transfer_account_id FROM rules`,
      );
      expect(rules).toEqual([
        { user_id: userId, category: 'Groceries', transfer_account_id: null },
      ]);
    } finally {
      await pool.end();
    }
  });
});
