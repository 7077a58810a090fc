// Migrations 0033 and 0034 (households) on a database that holds several users' money of every kind:
// each user gets a personal household of their own (a new id), every owned row moves into its
// user's household with nothing else of it changed, the kept balances and totals stay as they
// were (and, once 0034 keys them by household, stay under each user's household), who made each
// row is known (the recurring engine's occurrences have no author), rows
// kept as JSON carry the new columns, and deleting a household deletes its data only.
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

/** Every table a household owns, as 0033 found it (each with `user_id`). */
const OWNED_TABLES = [
  'accounts',
  'transactions',
  'transaction_splits',
  'deleted_transactions',
  'transfers',
  'user_categories',
  'hidden_categories',
  'budgets',
  'goals',
  'recurring_rules',
  'rules',
  'receipts',
  'receipt_shops',
  'imports',
  'import_mappings',
  'transaction_attachments',
  'deleted_transaction_attachments',
  'user_exchange_rates',
  'api_tokens',
] as const;

const NEW_COLUMNS = ['household_id', 'created_by', 'updated_by'];

/** Each table's rows, without the columns 0033 adds and the JSON keys it adds to kept rows. */
const contentOf = (table: string) => `
  SELECT coalesce(md5(string_agg(content::text, ',' ORDER BY content::text)), 'empty') AS digest,
    count(*)::int AS count
  FROM (
    SELECT to_jsonb(t) - '{${NEW_COLUMNS.join(',')}}'::text[]
      || CASE WHEN to_jsonb(t) ? 'row' THEN jsonb_build_object('row', (to_jsonb(t)->'row') - '{${NEW_COLUMNS.join(',')}}'::text[]) ELSE '{}' END
      || CASE WHEN to_jsonb(t) ? 'replaced' AND jsonb_typeof(to_jsonb(t)->'replaced') = 'array'
         THEN jsonb_build_object('replaced', (SELECT jsonb_agg(r - '{${NEW_COLUMNS.join(',')}}'::text[])
           FROM jsonb_array_elements(to_jsonb(t)->'replaced') AS r)) ELSE '{}' END AS content
    FROM ${table} t
  ) AS rows`;

/**
 * The kept per-category totals as the rows give them, by household: a split transaction counts
 * once in each of its parts' categories (the version before 0034 kept no parts in its totals when
 * they were written in SQL, as here; 0034 recomputes them).
 */
const TOTALS_OF_THE_ROWS = `
  WITH category_rows AS (
    SELECT t.household_id, t.is_income, t.category, t.cost_cents FROM transactions t
    WHERE NOT EXISTS (SELECT 1 FROM transaction_splits s WHERE s.transaction_id = t.id)
    UNION ALL
    SELECT t.household_id, t.is_income, s.category, sum(s.amount_cents)::bigint
    FROM transactions t JOIN transaction_splits s ON s.transaction_id = t.id
    GROUP BY t.id, t.household_id, t.is_income, s.category)
  SELECT household_id, is_income, category, count(*)::bigint AS transaction_count,
    sum(cost_cents)::bigint AS sum_cents
  FROM category_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;

/**
 * The derived tables, each row under its owner (the totals as sums per kind, which splits do not
 * change): the user before 0033; the user's household once
 * 0033 made one (through the user's default household, their only one); the household's own
 * column once 0034 re-keyed them. A balance's owner is its account's.
 */
const OWNER = {
  user: (alias: string) => `${alias}.user_id`,
  before: (alias: string) =>
    alias === 'a'
      ? 'a.household_id'
      : `(SELECT u.default_household_id FROM users u WHERE u.id = ${alias}.user_id)`,
  after: (alias: string) => `${alias}.household_id`,
};
const derivedBy = (owner: (alias: string) => string) => `SELECT
  (SELECT json_agg(b ORDER BY b.account_id) FROM (SELECT ${owner('a')} AS owner, k.account_id, k.flow_cents,
     k.transaction_count, k.transfer_count FROM account_balances k JOIN accounts a ON a.id = k.account_id) b)
     AS balances,
  (SELECT json_agg(s ORDER BY s.owner, s.is_income) FROM (SELECT ${owner('k')} AS owner,
     k.is_income, sum(k.sum_cents) AS sum_cents FROM transaction_totals k GROUP BY 1, 2) s) AS totals,
  (SELECT json_agg(d ORDER BY d.owner, d.added_on, d.is_income) FROM (SELECT
     ${owner('k')} AS owner, k.added_on, k.is_income, sum(k.sum_cents) AS sum_cents
     FROM transaction_daily_totals k GROUP BY 1, 2, 3) d) AS daily,
  (SELECT json_agg(c ORDER BY c.owner, c.is_income, c.category, c.search_hash) FROM (SELECT
     ${owner('k')} AS owner, k.is_income, k.category, k.search_hash, k.search_text,
     k.transaction_count FROM transaction_search_counts k) c) AS search`;

/** One user's money of every kind, written in SQL as the version before 0033 kept it. */
async function insertMoneyOfEveryKind(pool: pg.Pool, email: string) {
  const { userId, accountId } = await insertEuroUser(pool, email);
  const savings = randomUUID();
  await pool.query(
    `INSERT INTO accounts (id, user_id, name, type, currency, opening_balance_cents)
     VALUES ($1, $2, 'Savings', 'savings', 'USD', 50000)`,
    [savings, userId],
  );
  const [market, typed, recurringId, occurrence, importId, receiptId] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  await pool.query(
    `INSERT INTO recurring_rules (id, user_id, name, category, amount_cents, is_income, frequency,
       start_date, next_due_date, account_id)
     VALUES ($1, $2, 'Rent', 'Bills', 90000, false, 'monthly', '2026-01-01', '2026-03-01', $3)`,
    [recurringId, userId, accountId],
  );
  await pool.query(
    `INSERT INTO imports (id, user_id, account_id, file_name, format, status, encoding, row_count, new_count)
     VALUES ($1, $2, $3, 'bank.csv', 'csv', 'committed', 'utf-8', 1, 1)`,
    [importId, userId, accountId],
  );
  await pool.query(
    `INSERT INTO import_rows (import_id, position, date, name, amount_cents, is_income, status)
     VALUES ($1, 0, '2026-02-03', 'Coffee', 350, false, 'new')`,
    [importId],
  );
  await pool.query(
    `INSERT INTO import_mappings (user_id, header_key, mapping) VALUES ($1, 'abc', '{"date": 0}')`,
    [userId],
  );
  await pool.query(
    `INSERT INTO receipts (id, user_id, file_name, mime_type, size_bytes, sha256, content, reading)
     VALUES ($1, $2, 'r.png', 'image/png', 3, 'aa', '\\x010203', '{"merchant": "Bakery"}')`,
    [receiptId, userId],
  );
  await pool.query(
    `INSERT INTO receipt_shops (id, user_id, tax_id, header_lines, merchant, category)
     VALUES ($1, $2, 'DE123', '{BAKERY}', 'Bakery', 'Food')`,
    [randomUUID(), userId],
  );
  // A split expense, one typed later changed, the recurring engine's occurrence, an imported
  // row, a receipt's expense.
  await pool.query(
    `INSERT INTO transactions (id, user_id, account_id, name, category, cost_cents, added_on,
       is_income, currency, recurring_id, import_id, receipt_id, created_at, updated_at, tags)
     VALUES ($1, $6, $7, 'Market', 'Food', 8450, '2026-02-02', false, 'EUR', NULL, NULL, NULL, now(), now(), '{weekly}'),
            ($2, $6, $7, 'Salary', 'Salary', 300000, '2026-02-01', true, 'EUR', NULL, NULL, NULL, now() - interval '1 day', now(), '{}'),
            ($3, $6, $7, 'Rent', 'Bills', 90000, '2026-02-01', false, 'EUR', $8, NULL, NULL, now(), now(), '{}'),
            ($4, $6, $7, 'Coffee', 'Food', 350, '2026-02-03', false, 'EUR', NULL, $9, NULL, now(), now(), '{}'),
            ($5, $6, $7, 'Bakery', 'Food', 420, '2026-02-04', false, 'EUR', NULL, NULL, $10, now(), now(), '{}')`,
    [
      market,
      typed,
      occurrence,
      randomUUID(),
      randomUUID(),
      userId,
      accountId,
      recurringId,
      importId,
      receiptId,
    ],
  );
  await pool.query(
    `INSERT INTO transaction_splits (id, user_id, transaction_id, position, category, amount_cents)
     VALUES ($1, $3, $4, 0, 'Food', 6000), ($2, $3, $4, 1, 'Household', 2450)`,
    [randomUUID(), randomUUID(), userId, market],
  );
  await pool.query(
    `INSERT INTO transaction_attachments (id, user_id, transaction_id, file_name, mime_type, size_bytes, sha256, content)
     VALUES ($1, $2, $3, 'bill.pdf', 'application/pdf', 2, 'bb', '\\x0102')`,
    [randomUUID(), userId, market],
  );
  // A transfer that replaced a transaction (kept as JSON), and a deleted transaction in the
  // trash with its file.
  const replacedId = randomUUID();
  await pool.query(
    `INSERT INTO transfers (id, user_id, from_account_id, to_account_id, amount_cents, to_amount_cents, date, replaced)
     VALUES ($1, $2::uuid, $3::uuid, $4::uuid, 10000, 10800, '2026-02-05', jsonb_build_array(jsonb_build_object(
       'id', $5::text, 'user_id', $2::text, 'account_id', $4::text, 'name', 'From checking',
       'category', 'Miscellaneous', 'cost_cents', 10800, 'added_on', '2026-02-05', 'is_income', true,
       'currency', 'USD', 'recurring_id', NULL, 'created_at', '2026-02-05T10:00:00.000Z',
       'updated_at', '2026-02-05T10:00:00.000Z')))`,
    [randomUUID(), userId, accountId, savings, replacedId],
  );
  const trashed = randomUUID();
  await pool.query(
    `INSERT INTO deleted_transactions (id, user_id, row) VALUES ($1::uuid, $2::uuid, jsonb_build_object(
       'id', $1::text, 'user_id', $2::text, 'account_id', $3::text, 'name', 'Old', 'category', 'Food',
       'cost_cents', 100, 'added_on', '2026-01-10', 'is_income', false, 'currency', 'EUR',
       'recurring_id', NULL, 'tags', '[]'::jsonb, 'created_at', '2026-01-10T10:00:00.000Z',
       'updated_at', '2026-01-11T10:00:00.000Z'))`,
    [trashed, userId, accountId],
  );
  await pool.query(
    `INSERT INTO deleted_transaction_attachments (id, user_id, transaction_id, file_name, mime_type,
       size_bytes, sha256, content, created_at)
     VALUES ($1, $2, $3, 'old.png', 'image/png', 1, 'cc', '\\x01', now())`,
    [randomUUID(), userId, trashed],
  );
  await pool.query(
    `INSERT INTO budgets (id, user_id, category, amount_cents, month, year, rollover, repeat)
     VALUES ($1, $3, 'Food', 40000, 1, 2026, true, false), ($2, $3, 'Food', 45000, 2, 2026, true, true)`,
    [randomUUID(), randomUUID(), userId],
  );
  await pool.query(
    `INSERT INTO goals (id, user_id, name, target_cents, currency, account_id)
     VALUES ($1, $2, 'Holiday', 200000, 'USD', $3)`,
    [randomUUID(), userId, savings],
  );
  await pool.query(
    `INSERT INTO rules (id, user_id, field, operator, value, category, position)
     VALUES ($1, $2, 'name', 'contains', 'bakery', 'Food', 1)`,
    [randomUUID(), userId],
  );
  await pool.query(
    `INSERT INTO user_categories (user_id, is_income, name) VALUES ($1, false, 'Household')`,
    [userId],
  );
  await pool.query(
    `INSERT INTO hidden_categories (user_id, is_income, name) VALUES ($1, false, 'Entertainment')`,
    [userId],
  );
  await pool.query(
    `INSERT INTO user_exchange_rates (user_id, currency, base_currency, date, rate)
     VALUES ($1, 'USD', 'EUR', '2026-02-05', 0.92)`,
    [userId],
  );
  await pool.query(
    `INSERT INTO api_tokens (id, user_id, name, scope, token_hash, expires_at)
     VALUES ($1, $2, 'script', 'read', $3, now() + interval '30 days')`,
    [randomUUID(), userId, `hash-${email}`],
  );
  return { userId, accountId, market, typed, occurrence, trashed };
}

async function digests(pool: pg.Pool, owner = OWNER.user) {
  const found: Record<string, unknown> = {};
  for (const table of OWNED_TABLES) found[table] = (await pool.query(contentOf(table))).rows[0];
  found['import_rows'] = (await pool.query(contentOf('import_rows'))).rows[0];
  found['derived'] = (await pool.query(derivedBy(owner))).rows[0];
  return found;
}

/**
 * Who did what: the user, except the recurring engine's occurrence; a changed row was changed by
 * them. The trash and a transfer's replaced transaction come back as rows of the household.
 */
async function expectAuthorsAndKeptRows(
  pool: pg.Pool,
  ana: Awaited<ReturnType<typeof insertMoneyOfEveryKind>>,
) {
  // Who did what: the user, except the recurring engine's occurrence; a changed row was
  // changed by them.
  const { rows: authors } = await pool.query(
    `SELECT id, created_by, updated_by FROM transactions WHERE id = ANY($1)`,
    [[ana.market, ana.typed, ana.occurrence]],
  );
  const byId = new Map(authors.map((row) => [row.id, row]));
  expect(byId.get(ana.market)).toMatchObject({
    created_by: ana.userId,
    updated_by: ana.userId,
  });
  expect(byId.get(ana.typed)).toMatchObject({ created_by: ana.userId, updated_by: ana.userId });
  expect(byId.get(ana.occurrence)).toMatchObject({ created_by: null, updated_by: null });
  for (const table of ['transfers', 'receipts', 'imports']) {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS unknown FROM ${table}
       WHERE created_by IS DISTINCT FROM user_id OR updated_by IS DISTINCT FROM user_id`,
    );
    expect({ table, ...rows[0] }).toEqual({ table, unknown: 0 });
  }

  // The trash and a transfer's replaced transaction come back as rows of the household.
  const { rows: trashed } = await pool.query(
    `SELECT (json_populate_record(NULL::transactions, row::json)).household_id AS household,
       (json_populate_record(NULL::transactions, row::json)).created_by AS created_by,
       household_id
     FROM deleted_transactions WHERE id = $1`,
    [ana.trashed],
  );
  expect(trashed).toEqual([
    {
      household: trashed[0].household_id,
      created_by: ana.userId,
      household_id: trashed[0].household_id,
    },
  ]);
  const { rows: replaced } = await pool.query(
    `SELECT r->>'household_id' AS household, household_id::text AS own, r->>'created_by' AS created_by
     FROM transfers, jsonb_array_elements(replaced) AS r WHERE user_id = $1`,
    [ana.userId],
  );
  expect(replaced).toEqual([
    { household: replaced[0].own, own: replaced[0].own, created_by: ana.userId },
  ]);
}

describe('migrations 0033 and 0034: households', () => {
  it('moves each user’s data into a personal household of their own, changing nothing else', async () => {
    const pool = new pg.Pool({ connectionString: migration.url, max: 2 });
    pool.on('error', () => undefined);
    try {
      await runMigrations(pool, await migration.migrationsBefore('0033_households'));
      const people = [];
      for (const email of ['ana@moneta.dev', 'ben@moneta.dev', 'cleo@moneta.dev']) {
        people.push(await insertMoneyOfEveryKind(pool, email));
      }
      await pool.query(
        `UPDATE users SET time_zone = 'Europe/Berlin' WHERE email = 'ben@moneta.dev'`,
      );
      const before = await digests(pool);
      for (const table of OWNED_TABLES) {
        expect({ table, count: (before[table] as { count: number }).count }).not.toEqual({
          table,
          count: 0,
        });
      }

      await runMigrations(pool, await migration.migrationsBefore('0034_households_rekey'));

      expect(await digests(pool)).toEqual(before);

      // One household per user: new ids, named Personal, the user's currency and time zone,
      // the user its only member and owner, and their default.
      const { rows: households } = await pool.query(
        `SELECT u.id AS user_id, h.id, h.name, h.base_currency, h.time_zone, m.role,
           (SELECT count(*)::int FROM household_members WHERE household_id = h.id) AS members
         FROM users u JOIN households h ON h.id = u.default_household_id
         JOIN household_members m ON m.household_id = h.id AND m.user_id = u.id ORDER BY u.email`,
      );
      expect(
        households.map(({ name, base_currency, time_zone, role, members }) => ({
          name,
          base_currency,
          time_zone,
          role,
          members,
        })),
      ).toEqual([
        { name: 'Personal', base_currency: 'EUR', time_zone: 'UTC', role: 'owner', members: 1 },
        {
          name: 'Personal',
          base_currency: 'EUR',
          time_zone: 'Europe/Berlin',
          role: 'owner',
          members: 1,
        },
        { name: 'Personal', base_currency: 'EUR', time_zone: 'UTC', role: 'owner', members: 1 },
      ]);
      expect(new Set(households.map((row) => row.id)).size).toBe(3);
      for (const row of households) expect(row.id).not.toBe(row.user_id);
      const { rows: counted } = await pool.query('SELECT count(*)::int AS n FROM households');
      expect(counted).toEqual([{ n: 3 }]);

      // Every owned row is in its user's household.
      for (const table of OWNED_TABLES) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS misplaced FROM ${table} t JOIN users u ON u.id = t.user_id
           WHERE t.household_id IS DISTINCT FROM u.default_household_id`,
        );
        expect({ table, ...rows[0] }).toEqual({ table, misplaced: 0 });
      }

      const ana = people[0]!;
      await expectAuthorsAndKeptRows(pool, ana);

      // 0034 keys the derived tables by household and recomputes them: every figure stays, under
      // its user's household; every balance names its account's household.
      const beforeRekey = await digests(pool, OWNER.before);
      await runMigrations(pool);
      expect(await digests(pool, OWNER.after)).toEqual(beforeRekey);
      const { rows: kept } = await pool.query(
        `SELECT household_id, is_income, category, transaction_count, sum_cents
         FROM transaction_totals ORDER BY 1, 2, 3`,
      );
      expect(kept).toEqual((await pool.query(TOTALS_OF_THE_ROWS)).rows);
      const { rows: balances } = await pool.query(
        `SELECT count(*)::int AS rows, count(*) FILTER (WHERE b.household_id <> a.household_id)::int
           AS misplaced
         FROM account_balances b JOIN accounts a ON a.id = b.account_id`,
      );
      expect(balances).toEqual([{ rows: 6, misplaced: 0 }]);

      // Until its domain writes the column, a row written without a household gets its user's.
      const account = randomUUID();
      await pool.query(
        `INSERT INTO accounts (id, user_id, name, type, currency) VALUES ($1, $2, 'Cash', 'cash', 'EUR')`,
        [account, ana.userId],
      );
      const { rows: filled } = await pool.query(
        `SELECT a.household_id = u.default_household_id AS same FROM accounts a
         JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
        [account],
      );
      expect(filled).toEqual([{ same: true }]);

      // Deleting a household deletes its data and no one else's.
      const cleo = people[2]!;
      const beforeDelete = await digests(pool, OWNER.after);
      await pool.query(
        `DELETE FROM households WHERE id = (SELECT default_household_id FROM users WHERE id = $1)`,
        [cleo.userId],
      );
      for (const table of OWNED_TABLES) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS left FROM ${table} WHERE user_id = $1`,
          [cleo.userId],
        );
        expect({ table, ...rows[0] }).toEqual({ table, left: 0 });
      }
      const { rows: others } = await pool.query(
        `SELECT count(*)::int AS n FROM transactions WHERE user_id <> $1`,
        [cleo.userId],
      );
      expect(others).toEqual([{ n: 10 }]);
      expect((await digests(pool, OWNER.after)).transactions).not.toEqual(
        beforeDelete.transactions,
      );
      const { rows: cleoNow } = await pool.query(
        `SELECT default_household_id FROM users WHERE id = $1`,
        [cleo.userId],
      );
      expect(cleoNow).toEqual([{ default_household_id: null }]);
    } finally {
      await pool.end();
    }
  });
});
