/**
 * account_balances: each account's movement (incomes - expenses + transfers in - transfers out)
 * and how many transactions and transfers it holds, kept exact by statement-level triggers on
 * transactions and on transfers: transition tables, one aggregate per statement, rows locked in
 * account order. Inserts and updates add the difference (their accounts exist); deletes only
 * subtract, because a deleted household's accounts (and their balances) are gone by the time the
 * statement's trigger runs. A transfer is a flow out of one account and into another: two rows
 * of movement each, each in its account's currency (`to_amount_cents` into the other account when
 * the two currencies differ). A transaction's movement is its `cost_cents` whatever its currency:
 * the balance read converts an account's rows in another currency on read (docs/currencies.md).
 * First made by migration 0009 (which also filled the table); this file is
 * the current definition (docs/database.md).
 */
export const accountBalancesDefinitions = `
CREATE OR REPLACE FUNCTION account_balances_after_transactions_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (household_id, account_id, flow_cents, transaction_count, transfer_count)
  SELECT household_id, account_id, sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END), count(*), 0
  FROM new_rows GROUP BY household_id, account_id ORDER BY household_id, account_id
  ON CONFLICT (household_id, account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transaction_count = b.transaction_count + excluded.transaction_count;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION account_balances_after_transactions_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (household_id, account_id, flow_cents, transaction_count, transfer_count)
  SELECT household_id, account_id, sum(flow), sum(counted), 0 FROM (
    SELECT household_id, account_id, CASE WHEN is_income THEN cost_cents ELSE -cost_cents END AS flow,
      1 AS counted
    FROM new_rows
    UNION ALL
    SELECT household_id, account_id, CASE WHEN is_income THEN -cost_cents ELSE cost_cents END, -1
    FROM old_rows
  ) AS changes
  GROUP BY household_id, account_id ORDER BY household_id, account_id
  ON CONFLICT (household_id, account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transaction_count = b.transaction_count + excluded.transaction_count;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION account_balances_after_transactions_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE account_balances AS b
  SET flow_cents = b.flow_cents - gone.flow, transaction_count = b.transaction_count - gone.counted
  FROM (
    SELECT household_id, account_id,
      sum(CASE WHEN is_income THEN cost_cents ELSE -cost_cents END) AS flow, count(*) AS counted
    FROM old_rows GROUP BY household_id, account_id
  ) AS gone
  WHERE b.household_id = gone.household_id AND b.account_id = gone.account_id;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER account_balances_transactions_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_insert();

CREATE OR REPLACE TRIGGER account_balances_transactions_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_update();

CREATE OR REPLACE TRIGGER account_balances_transactions_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transactions_delete();

CREATE OR REPLACE FUNCTION account_balances_after_transfers_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (household_id, account_id, flow_cents, transaction_count, transfer_count)
  SELECT household_id, account_id, sum(flow), 0, count(*) FROM (
    SELECT household_id, from_account_id AS account_id, -amount_cents AS flow FROM new_rows
    UNION ALL
    SELECT household_id, to_account_id, coalesce(to_amount_cents, amount_cents) FROM new_rows
  ) AS changes
  GROUP BY household_id, account_id ORDER BY household_id, account_id
  ON CONFLICT (household_id, account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transfer_count = b.transfer_count + excluded.transfer_count;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION account_balances_after_transfers_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO account_balances AS b (household_id, account_id, flow_cents, transaction_count, transfer_count)
  SELECT household_id, account_id, sum(flow), 0, sum(counted) FROM (
    SELECT household_id, from_account_id AS account_id, -amount_cents AS flow, 1 AS counted
    FROM new_rows
    UNION ALL
    SELECT household_id, to_account_id, coalesce(to_amount_cents, amount_cents), 1 FROM new_rows
    UNION ALL
    SELECT household_id, from_account_id, amount_cents, -1 FROM old_rows
    UNION ALL
    SELECT household_id, to_account_id, -coalesce(to_amount_cents, amount_cents), -1 FROM old_rows
  ) AS changes
  GROUP BY household_id, account_id ORDER BY household_id, account_id
  ON CONFLICT (household_id, account_id) DO UPDATE
    SET flow_cents = b.flow_cents + excluded.flow_cents,
        transfer_count = b.transfer_count + excluded.transfer_count;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION account_balances_after_transfers_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE account_balances AS b
  SET flow_cents = b.flow_cents - gone.flow, transfer_count = b.transfer_count - gone.counted
  FROM (
    SELECT household_id, account_id, sum(flow) AS flow, count(*) AS counted FROM (
      SELECT household_id, from_account_id AS account_id, -amount_cents AS flow FROM old_rows
      UNION ALL
      SELECT household_id, to_account_id, coalesce(to_amount_cents, amount_cents) FROM old_rows
    ) AS moved
    GROUP BY household_id, account_id
  ) AS gone
  WHERE b.household_id = gone.household_id AND b.account_id = gone.account_id;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER account_balances_transfers_insert AFTER INSERT ON transfers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_insert();

CREATE OR REPLACE TRIGGER account_balances_transfers_update AFTER UPDATE ON transfers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_update();

CREATE OR REPLACE TRIGGER account_balances_transfers_delete AFTER DELETE ON transfers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_balances_after_transfers_delete();
`;
