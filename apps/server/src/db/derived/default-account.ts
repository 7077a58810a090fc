/**
 * A transaction written without an account goes to its household's default account: the oldest
 * not archived, else the oldest; one written without a currency takes its account's. The WHEN clause
 * keeps rows that name both (imports, the web app) from calling the function at all. First made by
 * migration 0009 (the currency since 0019); this file is the current definition
 * (docs/database.md).
 */
export const defaultAccountDefinitions = `
CREATE OR REPLACE FUNCTION transactions_default_account() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.account_id IS NULL THEN
    NEW.account_id := (
      SELECT id FROM accounts
      -- A row its writer gave no household (household-fill.ts fires after this trigger) is in
      -- its user's default one.
      WHERE household_id = coalesce(NEW.household_id,
        (SELECT u.default_household_id FROM users AS u WHERE u.id = NEW.user_id))
      ORDER BY is_archived, created_at, id LIMIT 1
    );
  END IF;
  IF NEW.currency IS NULL THEN
    NEW.currency := (SELECT currency FROM accounts WHERE id = NEW.account_id);
  END IF;
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_default_account BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.account_id IS NULL OR NEW.currency IS NULL)
  EXECUTE FUNCTION transactions_default_account();
`;
