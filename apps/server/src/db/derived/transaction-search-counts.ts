/**
 * transaction_search_counts: how many of a household's transactions share each search text (and kind
 * and category), kept exact like transaction_totals: one aggregate per statement through
 * transition tables, rows locked in one order, groups that reach zero removed. One function
 * serves the three triggers on transactions (as in PostgreSQL's own audit example): an update
 * subtracts its old rows and adds its new ones.
 *
 * The table has no foreign key to households (a key check per inserted count cost a bank
 * file's commit too much), so a statement-level trigger on households deletes a deleted
 * household's counts, as a key's cascade would, once per statement.
 *
 * First made by migrations 0005 and 0014; this file is the current definition
 * (docs/database.md).
 */
export const transactionSearchCountsDefinitions = `
CREATE OR REPLACE FUNCTION transaction_search_counts_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE transaction_search_counts AS counts
    SET transaction_count = counts.transaction_count - gone.removed_count
    FROM (
      SELECT household_id, is_income, category, md5(search_text) AS search_hash, count(*) AS removed_count
      FROM old_rows GROUP BY household_id, is_income, category, search_text
    ) AS gone
    WHERE counts.household_id = gone.household_id AND counts.is_income = gone.is_income
      AND counts.category = gone.category AND counts.search_hash = gone.search_hash;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO transaction_search_counts AS counts
      (household_id, is_income, category, search_hash, search_text, transaction_count)
    SELECT household_id, is_income, category, md5(search_text), search_text, count(*) FROM new_rows
    GROUP BY household_id, is_income, category, search_text
    ORDER BY household_id, is_income, category, md5(search_text)
    ON CONFLICT (household_id, is_income, category, search_hash) DO UPDATE
      SET transaction_count = counts.transaction_count + excluded.transaction_count;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM transaction_search_counts
    WHERE transaction_count = 0 AND household_id IN (SELECT DISTINCT household_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_search_counts_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();

CREATE OR REPLACE TRIGGER transaction_search_counts_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();

CREATE OR REPLACE TRIGGER transaction_search_counts_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_change();

CREATE OR REPLACE FUNCTION transaction_search_counts_after_households_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM transaction_search_counts WHERE household_id IN (SELECT id FROM old_households);
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE TRIGGER transaction_search_counts_households_delete AFTER DELETE ON households
  REFERENCING OLD TABLE AS old_households FOR EACH STATEMENT EXECUTE FUNCTION transaction_search_counts_after_households_delete();
`;
