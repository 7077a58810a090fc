// Migration 0013 (receipt review: receipts.shop, receipt_shops) on a database holding receipts.
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

describe('migration 0013: receipt review', () => {
  it('keeps every receipt and its expense; old receipts have no shop, no shop is taught', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0013_receipt_review'));
      const userId = randomUUID();
      await pool.query(
        `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, 'old@moneta.dev', 'x', true)`,
        [userId],
      );
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type) VALUES (gen_random_uuid(), $1, 'Main', 'checking')`,
        [userId],
      );
      const reading = {
        merchant: 'OLD CAFE',
        amount: 4.2,
        category: 'Food',
        date: '2025-01-02',
        confidence: { merchant: 0.8, total: 0.9, date: 0.7, category: 0.5 },
        source: 'ocr',
      };
      const receiptIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const id = randomUUID();
        receiptIds.push(id);
        const content = randomBytes(100);
        await pool.query(
          `INSERT INTO receipts (id, user_id, file_name, mime_type, size_bytes, sha256, content, reading)
           VALUES ($1, $2, $3, 'image/png', 100, encode(sha256($4), 'hex'), $4, $5)`,
          [id, userId, `r${i}.png`, content, reading],
        );
        await pool.query(
          `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, receipt_id)
           VALUES (gen_random_uuid(), $1, 'OLD CAFE', 'Food', 420, '2025-01-02', false, $2)`,
          [userId, id],
        );
      }
      const before = await pool.query(
        `SELECT r.id, r.reading, r.sha256, t.id AS transaction_id FROM receipts r
         JOIN transactions t ON t.receipt_id = r.id ORDER BY r.id`,
      );

      await runMigrations(pool);

      const after = await pool.query(
        `SELECT r.id, r.reading, r.sha256, t.id AS transaction_id FROM receipts r
         JOIN transactions t ON t.receipt_id = r.id ORDER BY r.id`,
      );
      expect(after.rows).toEqual(before.rows);
      expect(after.rows).toHaveLength(receiptIds.length);
      const { rows: shops } = await pool.query(
        `SELECT count(*)::int AS without_shop FROM receipts WHERE shop IS NULL`,
      );
      expect(shops[0]).toEqual({ without_shop: receiptIds.length });
      const { rows: taught } = await pool.query(`SELECT count(*)::int AS n FROM receipt_shops`);
      expect(taught[0]).toEqual({ n: 0 });
      // Deleting the user deletes what they taught.
      await pool.query(
        `INSERT INTO receipt_shops (id, user_id, header_lines, merchant, category)
         VALUES (gen_random_uuid(), $1, ARRAY['OLDCAFE'], 'Old Cafe', 'Food')`,
        [userId],
      );
      await deleteUserAndTheirHouseholds(pool, userId);
      const { rows: left } = await pool.query(`SELECT count(*)::int AS n FROM receipt_shops`);
      expect(left[0]).toEqual({ n: 0 });
    } finally {
      await pool.end();
    }
  });
});
