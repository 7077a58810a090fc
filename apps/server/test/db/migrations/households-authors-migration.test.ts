// Migration 0036 on a shared household that holds a member's rows: until it, deleting a member's
// account deleted every row they had entered in the household's books (each owned table's
// user_id cascaded). After it, the rows stay the household's; who entered them is forgotten.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase, insertEuroUser } from '../../support/migration-database';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

async function defaultHousehold(pool: pg.Pool, userId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT default_household_id AS id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.id;
}

describe('migration 0036: a member’s rows outlive their account', () => {
  it('keeps what a deleted member entered in a shared household, its author forgotten', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      // Two users of the version before households; 0033 gives each a Personal household.
      await runMigrations(pool, await migration.migrationsBefore('0033_households'));
      const owner = await insertEuroUser(pool, 'owner@moneta.dev');
      const member = await insertEuroUser(pool, 'member@moneta.dev');
      await runMigrations(pool, await migration.migrationsBefore('0036_households_authors'));
      const home = await defaultHousehold(pool, owner.userId);
      await pool.query(
        `INSERT INTO household_members (household_id, user_id, role) VALUES ($1, $2, 'editor')`,
        [home, member.userId],
      );
      const paint = randomUUID();
      // The derived tables' triggers of a migrations folder cut short are older than its schema
      // (the full run installs this version's); the rows go in as a restore writes them.
      const client = await pool.connect();
      try {
        await client.query("SET session_replication_role = 'replica'");
        await client.query(
          `INSERT INTO transactions (id, user_id, household_id, account_id, name, category, cost_cents,
             added_on, is_income, currency, created_by, updated_by)
           VALUES ($1, $2, $3, $4, 'Paint', 'DIY', 1200, '2026-03-01', false, 'EUR', $2, $2)`,
          [paint, member.userId, home, owner.accountId],
        );
        await client.query(
          `INSERT INTO rules (id, user_id, household_id, field, operator, value, category, position)
           VALUES ($1, $2, $3, 'name', 'contains', 'Paint', 'DIY', 1)`,
          [randomUUID(), member.userId, home],
        );
        await client.query(
          `INSERT INTO budgets (id, user_id, household_id, category, amount_cents, month, year)
           VALUES ($1, $2, $3, 'DIY', 5000, 3, 2026)`,
          [randomUUID(), member.userId, home],
        );
      } finally {
        await client.query('RESET session_replication_role');
        client.release();
      }

      await runMigrations(pool);
      await pool.query('DELETE FROM household_members WHERE user_id = $1', [member.userId]);
      await pool.query('DELETE FROM users WHERE id = $1', [member.userId]);

      const { rows: kept } = await pool.query(
        `SELECT household_id, user_id, created_by, updated_by, cost_cents::int FROM transactions
          WHERE id = $1`,
        [paint],
      );
      expect(kept).toEqual([
        { household_id: home, user_id: null, created_by: null, updated_by: null, cost_cents: 1200 },
      ]);
      const { rows: plans } = await pool.query(
        `SELECT (SELECT count(*)::int FROM rules WHERE household_id = $1) AS rules,
                (SELECT count(*)::int FROM budgets WHERE household_id = $1) AS budgets`,
        [home],
      );
      expect(plans).toEqual([{ rules: 1, budgets: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
