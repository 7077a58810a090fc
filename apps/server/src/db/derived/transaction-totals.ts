import { categoryRowsOf } from './transaction-splits';

/**
 * transaction_totals: count and sum of each household's transactions per kind and category, kept
 * exact by three statement-level triggers on transactions. Transition tables (new_rows,
 * old_rows) aggregate a whole bulk insert, update or delete in one step instead of once per
 * row; groups are written in one lock order, so that concurrent bulk writers cannot deadlock;
 * groups that reach zero transactions are removed. A deleted household's totals go with it
 * (the table's foreign key cascades), so a delete only updates surviving households' rows.
 * First made by migration 0002 (which also filled the table); this file is the current
 * definition (docs/database.md). Each split transaction counts in its parts' categories
 * (`categoryRowsOf`, transaction-splits.ts).
 */
export const transactionTotalsDefinitions = `
CREATE OR REPLACE FUNCTION transaction_totals_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO transaction_totals AS totals (household_id, is_income, category, transaction_count, sum_cents)
  SELECT household_id, is_income, category, count(*), sum(cost_cents) FROM ${categoryRowsOf('new_rows')} AS new_rows
  GROUP BY household_id, is_income, category
  ORDER BY household_id, is_income, category -- one lock order, so concurrent bulk inserts cannot deadlock
  ON CONFLICT (household_id, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION transaction_totals_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  -- A deleted household's totals go with it (ON DELETE CASCADE); only surviving ones count.
  UPDATE transaction_totals AS totals
  SET transaction_count = totals.transaction_count - gone.removed_count,
      sum_cents = totals.sum_cents - gone.removed_sum
  FROM (
    SELECT household_id, is_income, category, count(*) AS removed_count, sum(cost_cents) AS removed_sum
    FROM ${categoryRowsOf('old_rows')} AS old_rows GROUP BY household_id, is_income, category
  ) AS gone
  WHERE totals.household_id = gone.household_id AND totals.is_income = gone.is_income
    AND totals.category = gone.category;
  DELETE FROM transaction_totals WHERE transaction_count = 0;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION transaction_totals_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE transaction_totals AS totals
  SET transaction_count = totals.transaction_count - gone.removed_count,
      sum_cents = totals.sum_cents - gone.removed_sum
  FROM (
    SELECT household_id, is_income, category, count(*) AS removed_count, sum(cost_cents) AS removed_sum
    FROM ${categoryRowsOf('old_rows')} AS old_rows GROUP BY household_id, is_income, category
  ) AS gone
  WHERE totals.household_id = gone.household_id AND totals.is_income = gone.is_income
    AND totals.category = gone.category;
  INSERT INTO transaction_totals AS totals (household_id, is_income, category, transaction_count, sum_cents)
  SELECT household_id, is_income, category, count(*), sum(cost_cents) FROM ${categoryRowsOf('new_rows')} AS new_rows
  GROUP BY household_id, is_income, category
  ORDER BY household_id, is_income, category -- one lock order, so concurrent bulk inserts cannot deadlock
  ON CONFLICT (household_id, is_income, category) DO UPDATE
    SET transaction_count = totals.transaction_count + excluded.transaction_count,
        sum_cents = totals.sum_cents + excluded.sum_cents;
  DELETE FROM transaction_totals WHERE transaction_count = 0;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_insert();

CREATE OR REPLACE TRIGGER transaction_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_delete();

CREATE OR REPLACE TRIGGER transaction_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_after_update();
`;
