/**
 * account_daily_movements: what each account's booked transactions moved per day and currency
 * (incomes − expenses, in hundredths of the rows' currency) and how many they are, kept exact
 * like transaction_daily_totals: one aggregate per statement through transition tables, rows
 * locked in key order, days that reach zero transactions removed. A pending transaction
 * (`is_pending`) is left out until it is booked: the update that books it adds it. Deletes only
 * subtract, since a deleted account's rows go with it by the foreign key before the statement's
 * trigger runs. First made and filled by migration 0039; this file is the current definition
 * (docs/database.md).
 */
const booked = (rows: string) => `(
  SELECT household_id, account_id, currency, added_on AS day,
    CASE WHEN is_income THEN cost_cents ELSE -cost_cents END AS flow
  FROM ${rows} WHERE NOT is_pending
)`;

export const accountDailyMovementsDefinitions = `
CREATE OR REPLACE FUNCTION account_daily_movements_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE account_daily_movements AS kept
    SET flow_cents = kept.flow_cents - gone.flow, transaction_count = kept.transaction_count - gone.counted
    FROM (
      SELECT household_id, account_id, currency, day, sum(flow) AS flow, count(*) AS counted
      FROM ${booked('old_rows')} AS old_booked GROUP BY household_id, account_id, currency, day
    ) AS gone
    WHERE kept.household_id = gone.household_id AND kept.account_id = gone.account_id
      AND kept.currency = gone.currency AND kept.day = gone.day;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO account_daily_movements AS kept
      (household_id, account_id, currency, day, flow_cents, transaction_count)
    SELECT household_id, account_id, currency, day, sum(flow), count(*)
    FROM ${booked('new_rows')} AS new_booked
    GROUP BY household_id, account_id, currency, day
    ORDER BY household_id, account_id, currency, day
    ON CONFLICT (household_id, account_id, currency, day) DO UPDATE
      SET flow_cents = kept.flow_cents + excluded.flow_cents,
          transaction_count = kept.transaction_count + excluded.transaction_count;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM account_daily_movements
    WHERE transaction_count = 0 AND (household_id, account_id, currency, day) IN (
      SELECT household_id, account_id, currency, day FROM ${booked('old_rows')} AS old_booked
    );
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER account_daily_movements_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_daily_movements_after_change();

CREATE OR REPLACE TRIGGER account_daily_movements_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_daily_movements_after_change();

CREATE OR REPLACE TRIGGER account_daily_movements_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_daily_movements_after_change();
`;
