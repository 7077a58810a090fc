/**
 * transaction_payee_months: count and sum of each household's booked transactions per kind,
 * month, currency and name (what the payees report reads for the whole months of its range),
 * kept exact like transaction_daily_totals: one aggregate per statement through transition
 * tables, rows locked in key order, months that reach zero transactions removed. A pending
 * transaction (`is_pending`) is left out until the update that books it. First made and filled
 * by migration 0040; this file is the current definition (docs/database.md).
 */
const booked = (rows: string) => `(
  SELECT household_id, is_income, date_trunc('month', added_on::timestamp)::date AS month, currency,
    name, cost_cents
  FROM ${rows} WHERE NOT is_pending
)`;

const KEY = 'household_id, is_income, currency, month, name';

export const transactionPayeeMonthsDefinitions = `
CREATE OR REPLACE FUNCTION transaction_payee_months_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transaction_payee_months AS kept
    SET transaction_count = kept.transaction_count - gone.counted,
        sum_cents = kept.sum_cents - gone.cents
    FROM (
      SELECT ${KEY}, count(*) AS counted, sum(cost_cents) AS cents
      FROM ${booked('old_rows')} AS old_booked GROUP BY ${KEY}
    ) AS gone
    WHERE kept.household_id = gone.household_id AND kept.is_income = gone.is_income
      AND kept.currency = gone.currency AND kept.month = gone.month AND kept.name = gone.name;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_payee_months AS kept (${KEY}, transaction_count, sum_cents)
    SELECT ${KEY}, count(*), sum(cost_cents) FROM ${booked('new_rows')} AS new_booked
    GROUP BY ${KEY} ORDER BY ${KEY}
    ON CONFLICT (${KEY}) DO UPDATE
      SET transaction_count = kept.transaction_count + excluded.transaction_count,
          sum_cents = kept.sum_cents + excluded.sum_cents;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM transaction_payee_months
    WHERE transaction_count = 0 AND (${KEY}) IN (
      SELECT ${KEY} FROM ${booked('old_rows')} AS old_booked
    );
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_payee_months_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_payee_months_after_change();

CREATE OR REPLACE TRIGGER transaction_payee_months_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_payee_months_after_change();

CREATE OR REPLACE TRIGGER transaction_payee_months_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_payee_months_after_change();
`;
