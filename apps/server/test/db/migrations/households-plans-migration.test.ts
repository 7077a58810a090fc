// The households migrations of the plans (categories, budgets, recurring rules, rules, imports)
// on a database that holds them: import rows take their import's household, the plans' keys are
// the household's, and an account named by a recurring rule, a rule or an import must be of the
// row's household (deleting it still clears the rule's account only).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase, insertEuroUser } from '../../support/migration-database';

// Written as the version before households kept them (the plans migration follows 0033 at once).
const BEFORE_HOUSEHOLDS = '0033_households';

let migration: Awaited<ReturnType<typeof createMigrationDatabase>>;
beforeAll(async () => {
  migration = await createMigrationDatabase();
});
afterAll(async () => {
  await migration.drop();
});

/** A user's plans of every kind, written in SQL as the version before households kept them. */
async function insertPlans(pool: pg.Pool, email: string) {
  const { userId, accountId } = await insertEuroUser(pool, email);
  const [recurringId, ruleId, importId] = [randomUUID(), randomUUID(), randomUUID()];
  await pool.query(
    `INSERT INTO recurring_rules (id, user_id, name, category, amount_cents, is_income, frequency,
       start_date, next_due_date, account_id)
     VALUES ($1, $2, 'Rent', 'Bills', 90000, false, 'monthly', '2026-01-01', '2026-03-01', $3)`,
    [recurringId, userId, accountId],
  );
  await pool.query(
    `INSERT INTO rules (id, user_id, field, operator, value, category, position, transfer_account_id)
     VALUES ($1, $2, 'name', 'contains', 'card', 'Transfer', 1, $3)`,
    [ruleId, userId, accountId],
  );
  await pool.query(
    `INSERT INTO imports (id, user_id, account_id, file_name, format, status, encoding, row_count, new_count)
     VALUES ($1, $2, $3, 'bank.csv', 'csv', 'preview', 'utf-8', 2, 2)`,
    [importId, userId, accountId],
  );
  await pool.query(
    `INSERT INTO import_rows (import_id, position, date, name, amount_cents, is_income, status)
     VALUES ($1, 0, '2026-02-03', 'Coffee', 350, false, 'new'),
            ($1, 1, '2026-02-04', 'Tea', 250, false, 'new')`,
    [importId],
  );
  await pool.query(
    `INSERT INTO import_mappings (user_id, header_key, mapping) VALUES ($1, 'abc', '{"date": 0}')`,
    [userId],
  );
  await pool.query(
    `INSERT INTO user_categories (user_id, is_income, name) VALUES ($1, false, 'Pets')`,
    [userId],
  );
  await pool.query(
    `INSERT INTO budgets (id, user_id, category, amount_cents, month, year)
     VALUES ($1, $2, 'Pets', 4000, 1, 2026)`,
    [randomUUID(), userId],
  );
  return { userId, accountId, recurringId, ruleId, importId };
}

async function householdOf(pool: pg.Pool, userId: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(
    'SELECT default_household_id AS id FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]!.id;
}

describe('migration: the households’ plans', () => {
  it('gives import rows their import’s household and keys the plans by household', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore(BEFORE_HOUSEHOLDS));
      const ana = await insertPlans(pool, 'ana@moneta.dev');
      const ben = await insertPlans(pool, 'ben@moneta.dev');

      await runMigrations(pool);
      const anaHousehold = await householdOf(pool, ana.userId);

      const { rows: importRows } = await pool.query(
        `SELECT r.household_id = i.household_id AS same, count(*)::int AS n
         FROM import_rows r JOIN imports i ON i.id = r.import_id GROUP BY 1`,
      );
      expect(importRows).toEqual([{ same: true, n: 4 }]);

      // Names are the household's: Ben adding Ana's category in Ana's household is a repeat.
      await expect(
        pool.query(
          `INSERT INTO user_categories (user_id, household_id, is_income, name)
           VALUES ($1, $2, false, 'Pets')`,
          [ben.userId, anaHousehold],
        ),
      ).rejects.toThrow(/user_categories_household_id_is_income_name_pk/);
      await expect(
        pool.query(
          `INSERT INTO budgets (id, user_id, household_id, category, amount_cents, month, year)
           VALUES ($1, $2, $3, 'Pets', 100, 1, 2026)`,
          [randomUUID(), ben.userId, anaHousehold],
        ),
      ).rejects.toThrow(/budgets_household_category_month_key/);

      // An account of another household is refused; one of the row's household is taken.
      await expect(
        pool.query('UPDATE recurring_rules SET account_id = $1 WHERE id = $2', [
          ben.accountId,
          ana.recurringId,
        ]),
      ).rejects.toThrow(/recurring_rules_account_fk/);
      await expect(
        pool.query('UPDATE rules SET transfer_account_id = $1 WHERE id = $2', [
          ben.accountId,
          ana.ruleId,
        ]),
      ).rejects.toThrow(/rules_transfer_account_fk/);
      await expect(
        pool.query('UPDATE imports SET account_id = $1 WHERE id = $2', [
          ben.accountId,
          ana.importId,
        ]),
      ).rejects.toThrow(/imports_account_fk/);

      // Deleting Ana's account clears it from her rules and takes her import with it.
      await pool.query('DELETE FROM accounts WHERE id = $1', [ana.accountId]);
      const { rows: after } = await pool.query(
        `SELECT (SELECT account_id FROM recurring_rules WHERE id = $1) AS recurring_account,
           (SELECT household_id FROM recurring_rules WHERE id = $1) AS recurring_household,
           (SELECT transfer_account_id FROM rules WHERE id = $2) AS rule_account,
           (SELECT count(*)::int FROM imports WHERE id = $3) AS imports`,
        [ana.recurringId, ana.ruleId, ana.importId],
      );
      expect(after).toEqual([
        {
          recurring_account: null,
          recurring_household: anaHousehold,
          rule_account: null,
          imports: 0,
        },
      ]);
    } finally {
      await pool.end();
    }
  });
});
