// Migration 0038 on a database that holds rows in the base currency and in others: the index
// the converted totals read the foreign rows from gains their id, so that the read is
// index-only (no heap visit per row), and no row changes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase, insertEuroUser } from '../../support/migration-database';
import { planMatching } from '../../support/query-plan';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

const allRows = `SELECT id, household_id, currency, added_on, is_income, category, cost_cents,
  account_id, is_pending FROM transactions ORDER BY id`;

/** The plan of the foreign rows' read (base-amount-sql.ts, foreignRows), scans forced to an index. */
/** The plan of the foreign rows' read, asked until it matches `expected` (any plan by default). */
async function foreignRowsPlan(
  pool: pg.Pool,
  householdId: string,
  expected = /(?:)/,
): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    await client.query('SET enable_bitmapscan = off');
    return await planMatching(
      client,
      `SELECT t.id, t.added_on, t.is_income, t.category, t.account_id, t.currency,
         t.cost_cents, t.base_cost_cents, t.base_cost_currency
       FROM transactions AS t
       WHERE t.household_id = $1 AND t.currency > 'EUR' AND NOT t.is_pending`,
      [householdId],
      expected,
    );
  } finally {
    client.release();
  }
}

describe('migration 0038: the foreign rows read from their index alone', () => {
  it('adds the id to transactions_household_currency_idx and keeps every row', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore('0033_households'));
      const user = await insertEuroUser(pool, 'traveller@moneta.dev');
      await runMigrations(pool, await migration.migrationsBefore('0038_foreign_rows_index_only'));
      const { rows: homes } = await pool.query<{ id: string }>(
        'SELECT default_household_id AS id FROM users WHERE id = $1',
        [user.userId],
      );
      const household = homes[0]!.id;
      // The derived tables' triggers of a migrations folder cut short are older than its
      // schema; the rows go in as a restore writes them.
      const client = await pool.connect();
      try {
        await client.query("SET session_replication_role = 'replica'");
        for (let index = 0; index < 60; index++) {
          await client.query(
            `INSERT INTO transactions (id, user_id, household_id, account_id, name, category,
               cost_cents, added_on, is_income, currency, created_by, updated_by)
             VALUES ($1, $2, $3, $4, 'Lunch', 'Food', $5, DATE '2026-03-01' + $6::int, false, $7, $2, $2)`,
            [
              randomUUID(),
              user.userId,
              household,
              user.accountId,
              100 + index,
              index % 28,
              index % 3 === 0 ? 'USD' : 'EUR',
            ],
          );
        }
      } finally {
        client.release();
      }
      const before = (await pool.query(allRows)).rows;
      expect(before).toHaveLength(60);
      // Vacuumed, so that only the missing column can keep the read from the index alone.
      await pool.query('VACUUM ANALYZE transactions');
      expect(await foreignRowsPlan(pool, household)).not.toMatch(/Index Only Scan/);

      await runMigrations(pool);
      await pool.query('VACUUM ANALYZE transactions');

      expect((await pool.query(allRows)).rows).toEqual(before);
      const { rows: definitions } = await pool.query<{ definition: string }>(
        `SELECT pg_get_indexdef('transactions_household_currency_idx'::regclass) AS definition`,
      );
      expect(definitions[0]!.definition).toMatch(/account_id, is_pending, id\)$/);
      const indexOnly = /Index Only Scan using transactions_household_currency_idx/;
      expect(await foreignRowsPlan(pool, household, indexOnly)).toMatch(indexOnly);
    } finally {
      await pool.end();
    }
  });
});
