/**
 * Split transactions in the kept per-category totals (docs/database.md): each part counts in its
 * own category. Every per-category figure (charts, budgets' spent, reports' categories) reads
 * transaction_totals and transaction_daily_totals, so those count "category rows": an unsplit
 * transaction is one row (its category, its cost); a split one is one row per category of its
 * parts (their sum; a transaction counts once in each category it touches).
 *
 * Two sides keep that exact:
 * - the triggers on transactions read their transition tables through `categoryRowsOf`, which
 *   looks the rows' parts up in transaction_splits (one index probe per row; no join at all
 *   for a row without parts beyond that probe);
 * - the triggers on transaction_splits (below) move a transaction from its category rows before
 *   the statement to those after it: a part written, changed or removed.
 * The transactions service writes a transaction first and its parts after, in one database
 * transaction; either order keeps the totals right, because each side counts what the other
 * holds at that moment.
 *
 * transaction_splits has no foreign key to transactions: a key's cascade would delete the parts
 * before the totals' delete triggers on transactions read them. transactions_splits_delete does
 * the cascade instead, after them (triggers of one event fire in name order, and
 * "transactions_…" sorts after every "transaction_…").
 *
 * Made only by the derived definitions (docs/database.md).
 */

/**
 * The category rows of `rows` (a transition table of transactions, or transactions itself),
 * with the columns the totals read: id, household_id, added_on, is_income, category, cost_cents.
 */
export function categoryRowsOf(rows: string): string {
  return `(
    SELECT r.id, r.household_id, r.added_on, r.is_income, r.category, r.cost_cents FROM ${rows} AS r
    WHERE NOT EXISTS (SELECT 1 FROM transaction_splits AS s WHERE s.transaction_id = r.id)
    UNION ALL
    SELECT r.id, r.household_id, r.added_on, r.is_income, s.category, sum(s.amount_cents)::bigint
    FROM ${rows} AS r JOIN transaction_splits AS s ON s.transaction_id = r.id
    GROUP BY r.id, r.household_id, r.added_on, r.is_income, s.category
  )`;
}

/**
 * What a statement on transaction_splits changed in the totals, per household, day, kind and
 * category: the touched transactions' category rows after it (their parts now, or themselves
 * without parts) minus before it (`partsBefore`: their parts as they were). A transaction
 * deleted already (the cascade) has no row in transactions and changes nothing here: its delete
 * took its category rows out.
 */
function changeOf(touched: string, partsBefore: string): string {
  return `
  WITH touched AS (SELECT DISTINCT transaction_id AS id FROM ${touched}),
  whole AS (
    SELECT t.id, t.household_id, t.added_on, t.is_income, t.category, t.cost_cents
    FROM transactions AS t JOIN touched ON touched.id = t.id
  ),
  parts_before AS (${partsBefore}),
  parts_after AS (
    SELECT s.transaction_id, s.category, s.amount_cents
    FROM transaction_splits AS s JOIN touched ON touched.id = s.transaction_id
  ),
  rows_before AS (
    SELECT w.household_id, w.added_on, w.is_income, w.category, w.cost_cents AS cents FROM whole AS w
    WHERE NOT EXISTS (SELECT 1 FROM parts_before AS p WHERE p.transaction_id = w.id)
    UNION ALL
    SELECT w.household_id, w.added_on, w.is_income, p.category, sum(p.amount_cents)
    FROM whole AS w JOIN parts_before AS p ON p.transaction_id = w.id
    GROUP BY w.id, w.household_id, w.added_on, w.is_income, p.category
  ),
  rows_after AS (
    SELECT w.household_id, w.added_on, w.is_income, w.category, w.cost_cents AS cents FROM whole AS w
    WHERE NOT EXISTS (SELECT 1 FROM parts_after AS p WHERE p.transaction_id = w.id)
    UNION ALL
    SELECT w.household_id, w.added_on, w.is_income, p.category, sum(p.amount_cents)
    FROM whole AS w JOIN parts_after AS p ON p.transaction_id = w.id
    GROUP BY w.id, w.household_id, w.added_on, w.is_income, p.category
  ),
  change AS (
    SELECT household_id, added_on, is_income, category, sum(n)::bigint AS n, sum(cents)::bigint AS cents
    FROM (
      SELECT household_id, added_on, is_income, category, -1 AS n, -cents AS cents FROM rows_before
      UNION ALL
      SELECT household_id, added_on, is_income, category, 1, cents FROM rows_after
    ) AS both_sides
    GROUP BY household_id, added_on, is_income, category
    HAVING sum(n) <> 0 OR sum(cents) <> 0
  )`;
}

/** Applies a statement's change to both kept totals, then drops the groups that reached zero. */
function applyChange(touched: string, partsBefore: string): string {
  const change = changeOf(touched, partsBefore);
  return `
  ${change}
  INSERT INTO transaction_daily_totals AS totals
    (household_id, added_on, is_income, category, transaction_count, sum_cents)
  SELECT household_id, added_on, is_income, category, n, cents FROM change
  ORDER BY household_id, added_on, is_income, category -- one lock order, as every writer of totals
  ON CONFLICT (household_id, added_on, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  ${change}
  INSERT INTO transaction_totals AS totals (household_id, is_income, category, transaction_count, sum_cents)
  SELECT household_id, is_income, category, sum(n), sum(cents) FROM change
  GROUP BY household_id, is_income, category
  ORDER BY household_id, is_income, category
  ON CONFLICT (household_id, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  DELETE FROM transaction_daily_totals
  WHERE transaction_count = 0
    AND household_id IN (SELECT DISTINCT household_id FROM transactions WHERE id IN (SELECT transaction_id FROM ${touched}));
  DELETE FROM transaction_totals
  WHERE transaction_count = 0
    AND household_id IN (SELECT DISTINCT household_id FROM transactions WHERE id IN (SELECT transaction_id FROM ${touched}));`;
}

const currentPartsOfTouched = (excludingNew: boolean) => `
    SELECT s.transaction_id, s.category, s.amount_cents
    FROM transaction_splits AS s JOIN touched ON touched.id = s.transaction_id
    ${excludingNew ? 'WHERE s.id NOT IN (SELECT id FROM new_rows)' : ''}`;

export const transactionSplitsDefinitions = `
CREATE OR REPLACE FUNCTION transaction_splits_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${applyChange('new_rows', currentPartsOfTouched(true))}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION transaction_splits_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${applyChange(
    'old_rows',
    `${currentPartsOfTouched(false)}
    UNION ALL
    SELECT o.transaction_id, o.category, o.amount_cents FROM old_rows AS o`,
  )}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION transaction_splits_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${applyChange(
    '(SELECT transaction_id FROM old_rows UNION SELECT transaction_id FROM new_rows) AS changed',
    `${currentPartsOfTouched(true)}
    UNION ALL
    SELECT o.transaction_id, o.category, o.amount_cents FROM old_rows AS o`,
  )}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_splits_insert AFTER INSERT ON transaction_splits
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_after_insert();

CREATE OR REPLACE TRIGGER transaction_splits_delete AFTER DELETE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_after_delete();

CREATE OR REPLACE TRIGGER transaction_splits_update AFTER UPDATE ON transaction_splits
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_splits_after_update();

-- The cascade a foreign key would do, after the totals' triggers have read the parts.
CREATE OR REPLACE FUNCTION transactions_splits_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM transaction_splits WHERE transaction_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_splits_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transactions_splits_after_delete();
`;
