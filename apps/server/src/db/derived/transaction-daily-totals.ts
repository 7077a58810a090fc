import { categoryRowsOf } from './transaction-splits';

/**
 * transaction_daily_totals: count and sum of each household's transactions per day, kind and
 * category (what the charts read), kept exact like transaction_totals: one aggregate per
 * statement through transition tables, rows locked in one order, days that reach zero
 * transactions removed. First made by migration 0007; this file is the current definition
 * (docs/database.md). Each split transaction counts in its parts' categories
 * (`categoryRowsOf`, transaction-splits.ts).
 */
export const transactionDailyTotalsDefinitions = `
CREATE OR REPLACE FUNCTION transaction_daily_totals_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transaction_daily_totals AS totals
    SET transaction_count = totals.transaction_count - gone.removed_count,
        sum_cents = totals.sum_cents - gone.removed_cents
    FROM (
      SELECT household_id, added_on, is_income, category, count(*) AS removed_count,
             sum(cost_cents) AS removed_cents
      FROM ${categoryRowsOf('old_rows')} AS old_rows GROUP BY household_id, added_on, is_income, category
    ) AS gone
    WHERE totals.household_id = gone.household_id AND totals.added_on = gone.added_on
      AND totals.is_income = gone.is_income AND totals.category = gone.category;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_daily_totals AS totals
      (household_id, added_on, is_income, category, transaction_count, sum_cents)
    SELECT household_id, added_on, is_income, category, count(*), sum(cost_cents) FROM ${categoryRowsOf('new_rows')} AS new_rows
    GROUP BY household_id, added_on, is_income, category
    ORDER BY household_id, added_on, is_income, category
    ON CONFLICT (household_id, added_on, is_income, category) DO UPDATE
      SET transaction_count = totals.transaction_count + excluded.transaction_count,
          sum_cents = totals.sum_cents + excluded.sum_cents;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM transaction_daily_totals
    WHERE transaction_count = 0 AND (household_id, added_on, is_income, category) IN (
      SELECT household_id, added_on, is_income, category FROM ${categoryRowsOf('old_rows')} AS old_rows
    );
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_daily_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();

CREATE OR REPLACE TRIGGER transaction_daily_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();

CREATE OR REPLACE TRIGGER transaction_daily_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_daily_totals_after_change();
`;
