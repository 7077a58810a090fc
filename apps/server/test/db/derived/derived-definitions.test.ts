// The derived definitions (src/db/derived): the trigger functions and triggers that keep the
// derived tables, applied by the migration step after the numbered migrations.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DERIVED_DEFINITIONS } from '../../../src/db/derived/apply-derived-definitions';
import { WATCHED_TABLES } from '../../../src/db/derived/data-versions';
import {
  CHANGE_NOTIFY_FUNCTIONS,
  CHANGE_NOTIFY_TRIGGERS,
} from '../../../src/db/derived/change-notifications';
import { TABLES_FILLED_WITH_THE_DEFAULT_HOUSEHOLD } from '../../../src/db/derived/household-fill';
import { migrationsFolder, runMigrations } from '../../../src/db/migrate';
import { createMigrationDatabase } from '../../support/migration-database';

/**
 * Trigger functions (and triggers) whose derived file changed them on purpose since the
 * numbered migration that made them: their definitions are expected to differ from what the
 * migrations alone produce. Currencies (0019): a transaction without a currency takes its
 * account's, and a transfer's leg into the other account moves `to_amount_cents` when given.
 */
const CHANGED_SINCE_THE_MIGRATIONS: readonly string[] = [
  'transactions_default_account',
  'account_balances_after_transfers_insert',
  'account_balances_after_transfers_update',
  'account_balances_after_transfers_delete',
  // Split transactions count in their parts' categories (transaction-splits.ts).
  'transaction_totals_after_insert',
  'transaction_totals_after_update',
  'transaction_totals_after_delete',
  'transaction_daily_totals_after_change',
  // Kept by household since 0034 (the household leads every derived key).
  'transaction_search_counts_after_change',
  'account_balances_after_transactions_insert',
  'account_balances_after_transactions_update',
  'account_balances_after_transactions_delete',
];

/**
 * Functions only the derived files make (no numbered migration ever did): the rate lookup, the
 * currency scale of conversions, and what keeps exchange_rate_days.
 */
const MADE_ONLY_BY_THE_DERIVED_FILES: readonly string[] = [
  'moneta_exchange_rate',
  'moneta_currency_scale',
  'moneta_exchange_rate_days_refresh',
  'exchange_rate_days_after_change',
  'exchange_rate_days_after_truncate',
  'transaction_splits_after_insert',
  'transaction_splits_after_delete',
  'transaction_splits_after_update',
  'transactions_splits_after_delete',
  // The versions remembered answers are checked against (data-versions.ts).
  'household_data_versions_after_insert',
  'household_data_versions_after_update',
  'household_data_versions_after_delete',
  'household_data_versions_after_truncate',
  // A deleted household's search counts (0034 dropped the one on users).
  'transaction_search_counts_after_households_delete',
  'exchange_rates_version_after_change',
  'data_version_pending_at_commit',
  'moneta_fill_household',
  // Each account's movements per day (account-daily-movements.ts; 0039 made only the table).
  'account_daily_movements_after_change',
  // Live changes (change-notifications.ts).
  ...CHANGE_NOTIFY_FUNCTIONS,
];

/** Triggers only the derived files make: those that keep exchange_rate_days. */
const TRIGGERS_MADE_ONLY_BY_THE_DERIVED_FILES: readonly string[] = [
  'exchange_rate_days_insert',
  'exchange_rate_days_update',
  'exchange_rate_days_delete',
  'exchange_rate_days_truncate',
  'transaction_splits_insert',
  'transaction_splits_delete',
  'transaction_splits_update',
  'transactions_splits_delete',
  'transaction_search_counts_households_delete',
  'account_daily_movements_insert',
  'account_daily_movements_update',
  'account_daily_movements_delete',
  ...WATCHED_TABLES.flatMap((table) =>
    ['insert', 'update', 'delete', 'truncate'].map((event) => `${table}_data_version_${event}`),
  ),
  'exchange_rates_version_change',
  'data_version_pending_commit',
  ...TABLES_FILLED_WITH_THE_DEFAULT_HOUSEHOLD.map((table) => `${table}_household_fill`),
  ...CHANGE_NOTIFY_TRIGGERS,
];

const databases: Array<Awaited<ReturnType<typeof createMigrationDatabase>>> = [];

async function newDatabase(): Promise<pg.Pool> {
  const database = await createMigrationDatabase();
  databases.push(database);
  return new pg.Pool({ connectionString: database.url, max: 2 });
}

afterAll(async () => {
  for (const database of databases) await database.drop();
});

/** Numbered migrations only: the state of every database before the derived step existed. */
async function migrateNumberedOnly(pool: pg.Pool): Promise<void> {
  await runMigrations(pool, migrationsFolder());
}

/** The app's own functions (extension functions left out) and every trigger, as SQL. */
async function databaseBehaviour(pool: pg.Pool) {
  const { rows: functions } = await pool.query<{ name: string; definition: string }>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS definition
     FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d
                       WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY 1`,
  );
  const { rows: triggers } = await pool.query<{ name: string; definition: string }>(
    `SELECT t.tgname AS name, pg_get_triggerdef(t.oid) AS definition
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
     ORDER BY 1`,
  );
  return { functions, triggers };
}

describe('the derived definitions', () => {
  let numbered: Awaited<ReturnType<typeof databaseBehaviour>>;

  beforeAll(async () => {
    const pool = await newDatabase();
    try {
      await migrateNumberedOnly(pool);
      numbered = await databaseBehaviour(pool);
    } finally {
      await pool.end();
    }
  });

  it('alone produce every trigger function and trigger the numbered migrations produce, identically', async () => {
    // 13 trigger functions, moneta_fold and moneta_tag_keys (index expressions, not derived).
    expect(numbered.functions.length).toBe(15);
    expect(numbered.triggers.length).toBe(17);
    const pool = await newDatabase();
    try {
      await migrateNumberedOnly(pool);
      // Take away what the migrations made (a function's triggers go with it), so that the
      // derived files have to make all of it again.
      const { rows: made } = await pool.query<{ name: string }>(
        `SELECT proname AS name FROM pg_proc
         WHERE pronamespace = 'public'::regnamespace AND prorettype = 'trigger'::regtype`,
      );
      expect(made).toHaveLength(13);
      for (const { name } of made) await pool.query(`DROP FUNCTION ${name}() CASCADE`);
      expect((await databaseBehaviour(pool)).triggers).toEqual([]);

      await runMigrations(pool);

      const derived = await databaseBehaviour(pool);
      const unchanged = <T extends { name: string }>(rows: T[]) =>
        rows.filter(
          (row) =>
            !CHANGED_SINCE_THE_MIGRATIONS.includes(row.name) &&
            !MADE_ONLY_BY_THE_DERIVED_FILES.includes(row.name),
        );
      expect(unchanged(derived.functions)).toEqual(unchanged(numbered.functions));
      expect(derived.functions.map((row) => row.name)).toEqual(
        expect.arrayContaining([...MADE_ONLY_BY_THE_DERIVED_FILES]),
      );
      const numberedToo = derived.triggers.filter(
        (row) => !TRIGGERS_MADE_ONLY_BY_THE_DERIVED_FILES.includes(row.name),
      );
      expect(unchanged(numberedToo)).toEqual(unchanged(numbered.triggers));
      expect(numberedToo.map((row) => row.name)).toEqual(numbered.triggers.map((row) => row.name));
      expect(derived.triggers.map((row) => row.name)).toEqual(
        expect.arrayContaining([...TRIGGERS_MADE_ONLY_BY_THE_DERIVED_FILES]),
      );
    } finally {
      await pool.end();
    }
  });

  it('name every trigger function and trigger of the database (a newcomer finds them all there)', () => {
    const defined = DERIVED_DEFINITIONS.join('\n');
    for (const { name } of numbered.triggers) {
      expect(defined).toContain(`CREATE OR REPLACE TRIGGER ${name} `);
    }
    const indexFunctions = ['moneta_fold', 'moneta_tag_keys'];
    for (const { name } of numbered.functions.filter((row) => !indexFunctions.includes(row.name))) {
      expect(defined).toContain(`CREATE OR REPLACE FUNCTION ${name}() `);
    }
  });
});

/**
 * The derived tables' owner: the user's household before 0034 re-keyed them (through the user's
 * default household, the only one each test user has), the household's own column after.
 */
const OWNER = {
  before: (alias: string) =>
    `(SELECT u.default_household_id FROM users u WHERE u.id = ${alias}.user_id)`,
  after: (alias: string) => `${alias}.household_id`,
};

const keptTablesOf = (owner: (alias: string) => string) => ({
  totals: {
    kept: `SELECT ${owner('k')}, is_income, category, transaction_count, sum_cents
      FROM transaction_totals k ORDER BY 1, 2, 3`,
    fresh: `SELECT household_id, is_income, category, count(*)::bigint, sum(cost_cents)::bigint
      FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  },
  daily: {
    kept: `SELECT ${owner('k')}, added_on, is_income, category, transaction_count, sum_cents
      FROM transaction_daily_totals k ORDER BY 1, 2, 3, 4`,
    fresh: `SELECT household_id, added_on, is_income, category, count(*)::bigint,
      sum(cost_cents)::bigint FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
  searches: {
    kept: `SELECT ${owner('k')}, is_income, category, search_text, transaction_count
      FROM transaction_search_counts k ORDER BY 1, 2, 3, 4`,
    fresh: `SELECT household_id, is_income, category, search_text, count(*)::bigint
      FROM transactions GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
  balances: {
    kept: `SELECT account_id, flow_cents, transaction_count, transfer_count
      FROM account_balances WHERE transaction_count + transfer_count > 0 ORDER BY 1`,
    fresh: `SELECT account_id, sum(flow)::bigint, sum(counted)::bigint, sum(moved)::bigint FROM (
        SELECT account_id, CASE WHEN is_income THEN cost_cents ELSE -cost_cents END AS flow,
          1 AS counted, 0 AS moved FROM transactions
        UNION ALL SELECT from_account_id, -amount_cents, 0, 1 FROM transfers
        UNION ALL SELECT to_account_id, coalesce(to_amount_cents, amount_cents), 0, 1 FROM transfers
      ) AS movement GROUP BY 1 ORDER BY 1`,
  },
});

/** The derived tables made after the re-key (0034): kept by household from their start. */
const keptSinceTheRekey = {
  movements: {
    kept: `SELECT household_id, account_id, currency, day, flow_cents, transaction_count
      FROM account_daily_movements ORDER BY 1, 2, 3, 4`,
    fresh: `SELECT household_id, account_id, currency, added_on,
      sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END)::bigint, count(*)::bigint
      FROM transactions WHERE NOT is_pending GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
  },
};

/** Each derived table as kept, and as computed afresh from the rows it derives from. */
async function keptAndFresh(pool: pg.Pool, owner = OWNER.after) {
  const kept: Record<string, unknown[]> = {};
  const fresh: Record<string, unknown[]> = {};
  const tables = {
    ...keptTablesOf(owner),
    ...(owner === OWNER.after ? keptSinceTheRekey : {}),
  };
  for (const [table, queries] of Object.entries(tables)) {
    kept[table] = (await pool.query({ text: queries.kept, rowMode: 'array' })).rows;
    fresh[table] = (await pool.query({ text: queries.fresh, rowMode: 'array' })).rows;
  }
  return { kept, fresh };
}

async function addUser(pool: pg.Pool, email: string) {
  const userId = randomUUID();
  const accounts = [randomUUID(), randomUUID()];
  await pool.query(`INSERT INTO users (id, email, password_hash) VALUES ($1, $2, 'x')`, [
    userId,
    email,
  ]);
  await pool.query(
    `WITH household AS (INSERT INTO households (id, name, base_currency)
       VALUES (gen_random_uuid(), 'Personal', 'USD') RETURNING id)
     UPDATE users SET default_household_id = (SELECT id FROM household) WHERE id = $1`,
    [userId],
  );
  for (const [index, accountId] of accounts.entries()) {
    await pool.query(
      `INSERT INTO accounts (id, user_id, household_id, name, type, currency, created_at)
       SELECT $1, $2, default_household_id, $3, 'checking', 'USD', now() - ($4 || ' days')::interval
       FROM users WHERE id = $2`,
      [accountId, userId, `Account ${index}`, String(2 - index)],
    );
  }
  await pool.query(
    `INSERT INTO transactions (id, user_id, household_id, name, category, cost_cents, added_on,
       is_income, note, account_id, currency)
     SELECT gen_random_uuid(), $1, (SELECT default_household_id FROM users WHERE id = $1),
       'Shop ' || (i % 7), (ARRAY['Food', 'Bills'])[1 + i % 2],
       100 + i, DATE '2026-01-01' + i % 30, i % 5 = 0, CASE WHEN i % 3 = 0 THEN 'Ref ' || (i % 4) END,
       CASE WHEN i % 4 = 0 THEN $2::uuid END, 'USD'
     FROM generate_series(1, 300) AS i`,
    [userId, accounts[1]],
  );
  await pool.query(
    `INSERT INTO transfers (id, user_id, household_id, from_account_id, to_account_id, amount_cents,
       date)
     SELECT gen_random_uuid(), $1, (SELECT default_household_id FROM users WHERE id = $1), $2, $3,
       1000 * i, DATE '2026-01-01' + i FROM generate_series(1, 5) AS i`,
    [userId, accounts[0], accounts[1]],
  );
  return { userId, accounts };
}

describe('the migration step on a database that already holds data', () => {
  it('keeps every balance and total, keeps them exact afterwards, and is skipped once applied', async () => {
    const pool = await newDatabase();
    const writer = await pool.connect();
    try {
      // As the version before 0034 left it: its triggers, its user-keyed derived tables.
      await runMigrations(pool, await databases.at(-1)!.migrationsBefore('0034_households_rekey'));
      const kept = await addUser(pool, 'kept@moneta.dev');
      const leaving = await addUser(pool, 'leaving@moneta.dev');
      const before = await keptAndFresh(pool, OWNER.before);
      expect(before.kept).toEqual(before.fresh);
      expect(before.kept.balances!.length).toBe(4);

      await runMigrations(pool);

      // The tables made since keep what they held, and the one made since (0039) is filled
      // from the rows.
      const migrated = await keptAndFresh(pool);
      expect(migrated.kept).toEqual({ ...before.kept, movements: migrated.fresh.movements });
      expect(migrated.kept.movements!.length).toBeGreaterThan(50);
      const { rows: applied } = await pool.query('SELECT * FROM drizzle.derived_definitions');
      expect(applied).toHaveLength(1);

      // Every kind of write keeps the derived tables exact through the applied definitions.
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         VALUES ($1, $2, 'Rent', 'Bills', 90000, '2026-02-01', false)`,
        [randomUUID(), kept.userId],
      );
      const { rows: defaulted } = await pool.query(
        `SELECT account_id FROM transactions WHERE name = 'Rent'`,
      );
      expect(defaulted).toEqual([{ account_id: kept.accounts[0] }]);
      await pool.query(
        `UPDATE transactions SET cost_cents = cost_cents + 1, category = 'Travel',
           account_id = $2, note = 'Changed', name = 'Shop renamed', added_on = added_on + 40
         WHERE user_id = $1 AND cost_cents < 150`,
        [kept.userId, kept.accounts[1]],
      );
      await pool.query(`DELETE FROM transactions WHERE user_id = $1 AND cost_cents > 350`, [
        kept.userId,
      ]);
      // A pending row moves nothing until the update that books it (the fresh queries of the
      // tables made before pending rows existed know nothing of them: see bank-pending-rows).
      await pool.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income,
           is_pending)
         VALUES ($1, $2, 'Card hold', 'Food', 4200, '2026-02-03', false, true)`,
        [randomUUID(), kept.userId],
      );
      const held = await keptAndFresh(pool);
      expect(held.kept.movements).toEqual(held.fresh.movements);
      await pool.query(`UPDATE transactions SET is_pending = false WHERE name = 'Card hold'`);
      await pool.query(`UPDATE transfers SET amount_cents = 7 WHERE user_id = $1`, [kept.userId]);
      await pool.query(`DELETE FROM transfers WHERE user_id = $1 AND date > '2026-01-04'`, [
        kept.userId,
      ]);
      const { rows: leavingHousehold } = await pool.query(
        `SELECT default_household_id AS id FROM users WHERE id = $1`,
        [leaving.userId],
      );
      // As the account's deletion does: the household they alone belonged to goes with them
      // (their rows in shared ones would stay, migration 0036).
      await pool.query(`DELETE FROM households WHERE id = $1`, [leavingHousehold[0].id]);
      await pool.query(`DELETE FROM users WHERE id = $1`, [leaving.userId]);
      const after = await keptAndFresh(pool);
      expect(after.kept).toEqual(after.fresh);
      expect(JSON.stringify(after.kept)).not.toContain(leavingHousehold[0].id);

      // Once applied, a start changes nothing and takes no lock on the watched tables: it does
      // not wait for a running instance's write still in progress.
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO transactions (id, user_id, name, category, cost_cents, added_on, is_income)
         VALUES ($1, $2, 'Pending', 'Food', 100, '2026-03-01', false)`,
        [randomUUID(), kept.userId],
      );
      const start = runMigrations(pool).then(() => 'started');
      const waited = new Promise((resolve) => setTimeout(() => resolve('waited'), 5_000));
      expect(await Promise.race([start, waited])).toBe('started');
      await writer.query('COMMIT');
      const last = await keptAndFresh(pool);
      expect(last.kept).toEqual(last.fresh);
    } finally {
      writer.release();
      await pool.end();
    }
  });

  it('applies changed definitions: a database that holds other ones gets this version’s', async () => {
    const pool = await newDatabase();
    try {
      await runMigrations(pool);
      // As if an older Moneta had applied other definitions: one trigger gone, a stale mark.
      await pool.query('DROP TRIGGER transactions_default_account ON transactions');
      await pool.query(`UPDATE drizzle.derived_definitions SET fingerprint = 'older'`);
      await runMigrations(pool);
      const { rows } = await pool.query(
        `SELECT tgname FROM pg_trigger WHERE tgname = 'transactions_default_account'`,
      );
      expect(rows).toHaveLength(1);
    } finally {
      await pool.end();
    }
  });
});
