/**
 * household_data_versions and exchange_rates_version: the numbers a remembered answer is checked
 * against (answer_cache, docs/database.md "Remembered answers"). A write to any table such an
 * answer is computed from gives its households a new version when its transaction commits, in that
 * transaction: an answer computed while no version changed saw one state of the data, and is
 * never used once a later write commits. New rates give a new rates version the same way.
 *
 * The version row is updated at the commit, not by each statement: a transaction that took it
 * early and went on writing could deadlock with another writer of the same household that holds a
 * row it needs while waiting for the version. So each write statement only notes its households in
 * data_version_pending (once per household and transaction: a bulk import of 10,000 rows notes
 * its household once), and a deferred trigger on that table updates the version and removes the note
 * as the transaction commits, when it takes no other lock after this one.
 *
 * A household being deleted is skipped: its rows go with it (the foreign keys cascade), and a
 * version row for it would break the delete. TRUNCATE (tests, admin work) knows no rows: it
 * notes every household. Neither version table has a row before the first write (a version 0), so
 * that a database just migrated is still empty for a restore.
 *
 * The rates have one writer (the rates loader), so their version is updated by the statement.
 */
export const WATCHED_TABLES = [
  'transactions',
  'transaction_splits',
  'transfers',
  'accounts',
  'budgets',
  'user_exchange_rates',
] as const;

const noteHouseholds = (rows: string) => `
  INSERT INTO data_version_pending (household_id, xid)
  SELECT DISTINCT changed.household_id, pg_current_xact_id() FROM ${rows} AS changed
  ORDER BY 1
  ON CONFLICT (household_id, xid) DO NOTHING;`;

const triggers = WATCHED_TABLES.map(
  (table) => `
CREATE OR REPLACE TRIGGER ${table}_data_version_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION household_data_versions_after_insert();

CREATE OR REPLACE TRIGGER ${table}_data_version_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION household_data_versions_after_update();

CREATE OR REPLACE TRIGGER ${table}_data_version_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION household_data_versions_after_delete();

CREATE OR REPLACE TRIGGER ${table}_data_version_truncate AFTER TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION household_data_versions_after_truncate();
`,
).join('');

export const dataVersionsDefinitions = `
CREATE OR REPLACE FUNCTION household_data_versions_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${noteHouseholds('new_rows')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION household_data_versions_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${noteHouseholds('(SELECT household_id FROM old_rows UNION SELECT household_id FROM new_rows)')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION household_data_versions_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${noteHouseholds('old_rows')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION household_data_versions_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${noteHouseholds('(SELECT id AS household_id FROM households)')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION data_version_pending_at_commit() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM data_version_pending WHERE household_id = NEW.household_id AND xid = NEW.xid;
  INSERT INTO household_data_versions AS kept (household_id, version)
  SELECT NEW.household_id, nextval('data_version_seq')
  WHERE EXISTS (SELECT 1 FROM households AS h WHERE h.id = NEW.household_id)
  ON CONFLICT (household_id) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION exchange_rates_version_after_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  INSERT INTO exchange_rates_version AS kept (single, version) VALUES (true, nextval('data_version_seq'))
  ON CONFLICT (single) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$fn$;
${triggers}
CREATE OR REPLACE TRIGGER exchange_rates_version_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates
  FOR EACH STATEMENT EXECUTE FUNCTION exchange_rates_version_after_change();

-- A constraint trigger cannot be replaced (CREATE OR REPLACE does not apply to one): it is made
-- once, and its function above is what changes.
DO $do$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = 'data_version_pending_commit'
      AND tgrelid = 'data_version_pending'::regclass) THEN
    CREATE CONSTRAINT TRIGGER data_version_pending_commit AFTER INSERT ON data_version_pending
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_version_pending_at_commit();
  END IF;
END
$do$;
`;
