// Migration 0032 (an index on the user's categories without regard to case, for the search
// operator category:…) on a database that already holds a user's money: nothing changes, the
// search finds what it found before — a split transaction by its part's category too — and
// PostgreSQL can answer the operator's condition from the new index.
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultHouseholdOf } from '../../../src/domains/households/default-household';
import { runMigrations } from '../../../src/db/migrate';
import * as schema from '../../../src/db/schema';
import { createTransactionsService } from '../../../src/domains/transactions/transactions-service';
import { createMigrationDatabase, insertEuroUser } from '../../support/migration-database';
import { planMatching } from '../../support/query-plan';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

const TRANSACTIONS = `SELECT json_agg(t ORDER BY t.id) AS rows FROM (SELECT id, user_id, name,
  category, cost_cents, added_on, is_income, account_id FROM transactions) t`;

describe('migration 0032: the search category index', () => {
  it('keeps every row and finds the same transactions by category:…', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore('0032_search_category_index'));
      const { userId, accountId } = await insertEuroUser(pool, 's@moneta.dev');
      // 60 expenses of 1 to 60 euros over three categories; the first "Shopping" row is split,
      // a part of it in "Food".
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, account_id, currency)
         SELECT gen_random_uuid(), $1, 'Row ' || n, (ARRAY['Food', 'Bills', 'Shopping'])[n % 3 + 1],
           100 * n, DATE '2026-01-01' + n, false, $2, 'EUR'
         FROM generate_series(1, 60) AS n`,
        [userId, accountId],
      );
      const {
        rows: [split],
      } = await pool.query<{ id: string; cost_cents: string }>(
        `SELECT id, cost_cents FROM transactions WHERE category = 'Shopping' ORDER BY added_on LIMIT 1`,
      );
      await pool.query(
        `INSERT INTO transaction_splits (id, transaction_id, user_id, position, category, amount_cents)
         VALUES (gen_random_uuid(), $1, $2, 0, 'Food', 100),
           (gen_random_uuid(), $1, $2, 1, 'Shopping', $3 - 100)`,
        [split!.id, userId, split!.cost_cents],
      );
      const db = drizzle(pool, { schema });
      const search = async (term: string) => {
        const page = await createTransactionsService(db).list(
          await defaultHouseholdOf(db, userId),
          { search: term },
          1,
          100,
        );
        return { total: page.total, ids: page.transactions.map((row) => row._id).sort() };
      };
      const before = (await pool.query(TRANSACTIONS)).rows;

      await runMigrations(pool);

      expect((await pool.query(TRANSACTIONS)).rows).toEqual(before);
      // Rows 3, 6, … 60 are "Food" (20, those after 30: 10), and the split "Shopping" row (row 2,
      // 0.02 of which is "Food") is found by its part. (The service of this version reads a
      // migrated database only.)
      const food = await search('category:food');
      expect(food.total).toBe(21);
      expect(food.ids).toContain(split!.id);
      expect((await search('category:FOOD amount:>30')).total).toBe(10);
      expect((await search('category:Bills')).total).toBe(20);

      const client = await pool.connect();
      try {
        // With sequential scans priced out, the plan shows whether the index serves the
        // condition as the operator writes it (a differently written expression would not).
        await client.query('SET enable_seqscan = off');
        const householdId = (
          await client.query(`SELECT default_household_id AS id FROM users WHERE id = $1`, [userId])
        ).rows[0].id;
        const plan = await planMatching(
          client,
          `SELECT count(*) FROM transactions
           WHERE household_id = $1 AND lower(category) = lower('Bills')`,
          [householdId],
          /_category_key_idx/,
        );
        expect(plan).toMatch(/transactions_household_category_key_idx/);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
