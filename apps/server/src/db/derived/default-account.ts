/**
 * A transaction written without an account goes to its user's default account: the oldest not
 * archived, else the oldest. The WHEN clause keeps rows that name their account (imports, the
 * web app) from calling the function at all. First made by migration 0009; this file is the
 * current definition (docs/database.md).
 */
export const defaultAccountDefinitions = `
CREATE OR REPLACE FUNCTION transactions_default_account() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.account_id := (
    SELECT id FROM accounts WHERE user_id = NEW.user_id ORDER BY is_archived, created_at, id LIMIT 1
  );
  RETURN NEW;
END
$fn$;

CREATE OR REPLACE TRIGGER transactions_default_account BEFORE INSERT ON transactions
  FOR EACH ROW WHEN (NEW.account_id IS NULL) EXECUTE FUNCTION transactions_default_account();
`;
