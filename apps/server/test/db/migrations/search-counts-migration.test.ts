// Migration 0014 (transaction_search_counts without its foreign key to users and its trigram
// index) on a database that already holds transactions and their kept search counts.
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

// Without their owner (the user's, then the household's since 0034): each user here has texts of
// their own ("Shop …", "Cafe …").
const keptCounts = `SELECT is_income, category, search_text, transaction_count
  FROM transaction_search_counts ORDER BY 1, 2, 3`;
const freshCounts = `SELECT is_income, category, search_text, count(*)::bigint AS transaction_count
  FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
const ownCounts = (prefix: string) => (rows: Array<{ search_text: string }>) =>
  rows.some((row) => row.search_text.startsWith(prefix));

async function addUser(pool: pg.Pool, email: string) {
  const userId = randomUUID();
  const accountId = randomUUID();
  await pool.query(
    `INSERT INTO users (id, email, password_hash, is_setup_complete) VALUES ($1, $2, 'x', true)`,
    [userId, email],
  );
  await pool.query(
    `INSERT INTO accounts (id, user_id, name, type) VALUES ($1, $2, 'Main', 'checking')`,
    [accountId, userId],
  );
  return { userId, accountId };
}

/** `count` expenses: names and notes repeat, so several share one search text. */
async function addTransactions(pool: pg.Pool, userId: string, count: number, prefix: string) {
  await pool.query(
    `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income, note)
     SELECT gen_random_uuid(), $1, $3 || (i % 7), (ARRAY['Food', 'Bills'])[1 + i % 2], 100 + i,
       DATE '2025-01-01' + i % 30, i % 5 = 0, CASE WHEN i % 3 = 0 THEN 'Ref ' || (i % 4) END
     FROM generate_series(1, $2) AS i`,
    [userId, count, prefix],
  );
}

describe('migration 0014: search counts without a foreign key to users or a trigram index', () => {
  it('keeps every count, drops the key, keeps counting, and still deletes a deleted user’s counts', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    try {
      await runMigrations(pool, await migration.migrationsBefore('0014_search_counts_lighter'));
      const kept = await addUser(pool, 'kept@moneta.dev');
      const leaving = await addUser(pool, 'leaving@moneta.dev');
      await addTransactions(pool, kept.userId, 200, 'Shop ');
      await addTransactions(pool, leaving.userId, 50, 'Cafe ');
      const before = (await pool.query(keptCounts)).rows;
      expect(before.length).toBeGreaterThan(0);
      expect(before.some((row) => Number(row.transaction_count) > 1)).toBe(true);

      await runMigrations(pool);

      expect((await pool.query(keptCounts)).rows).toEqual(before);
      const { rows: keys } = await pool.query(
        `SELECT conname FROM pg_constraint
         WHERE conrelid = 'transaction_search_counts'::regclass AND contype = 'f'`,
      );
      expect(keys).toEqual([]);
      // Its one index is the primary key: the trigram index is gone.
      const { rows: indexes } = await pool.query(
        `SELECT indisprimary AS primary FROM pg_index
         WHERE indrelid = 'transaction_search_counts'::regclass`,
      );
      expect(indexes).toEqual([{ primary: true }]);

      // The counts trigger still counts new, changed and deleted transactions exactly.
      await addTransactions(pool, kept.userId, 30, 'Shop ');
      await pool.query(
        `UPDATE transactions SET note = 'Changed' WHERE user_id = $1 AND cost_cents < 120`,
        [kept.userId],
      );
      await pool.query(`DELETE FROM transactions WHERE user_id = $1 AND cost_cents > 290`, [
        kept.userId,
      ]);
      expect((await pool.query(keptCounts)).rows).toEqual((await pool.query(freshCounts)).rows);

      // A deleted user's counts go with the user; nobody else's do.
      await deleteUserAndTheirHouseholds(pool, leaving.userId);
      const after = (await pool.query(keptCounts)).rows;
      expect(ownCounts('cafe ')(after)).toBe(false);
      expect(after).toEqual((await pool.query(freshCounts)).rows);
      expect(ownCounts('shop ')(after)).toBe(true);

      // Even counts that no transaction explains any more go with their household (the
      // trigger cannot miss them).
      const household = `(SELECT default_household_id FROM users WHERE id = $1)`;
      await pool.query(
        `INSERT INTO transaction_search_counts
           (household_id, is_income, category, search_hash, search_text, transaction_count)
         VALUES (${household}, false, 'Food', md5('stray'), 'stray', 1)`,
        [kept.userId],
      );
      await pool.query(`DELETE FROM households WHERE id = ${household}`, [kept.userId]);
      expect((await pool.query(keptCounts)).rows).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
