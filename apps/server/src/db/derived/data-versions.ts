/**
 * user_data_versions and exchange_rates_version: the numbers a remembered answer is checked
 * against (answer_cache, docs/architecture.md "Remembered answers"). A write to any table such
 * an answer is computed from gives its users a new version, in the same statement and so in the
 * same transaction: an answer computed while no version changed saw one state of the data, and
 * is never used once a later write commits. New rates give every user's answers a new rates
 * version the same way.
 *
 * Statement-level triggers: a bulk import of 10,000 rows changes its user's version once. Rows
 * are written in user order, one lock order for concurrent writers (as transaction_totals does).
 * A user being deleted is skipped: their rows go with them (the foreign keys cascade), and a
 * version row for them would break the delete.
 *
 * TRUNCATE (tests, admin work) knows no rows: it gives every user a new version. Neither table
 * has a row before the first write (a version 0), so that a database just migrated is still
 * empty for a restore.
 */
const WATCHED_TABLES = [
  'transactions',
  'transaction_splits',
  'transfers',
  'accounts',
  'budgets',
  'user_exchange_rates',
] as const;

const touchUsers = (rows: string) => `
  INSERT INTO user_data_versions AS kept (user_id, version)
  SELECT changed.user_id, nextval('data_version_seq')
  FROM (SELECT DISTINCT user_id FROM ${rows}) AS changed
  WHERE EXISTS (SELECT 1 FROM users AS u WHERE u.id = changed.user_id)
  ORDER BY changed.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = excluded.version;`;

const triggers = WATCHED_TABLES.map(
  (table) => `
CREATE OR REPLACE TRIGGER ${table}_data_version_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION user_data_versions_after_insert();

CREATE OR REPLACE TRIGGER ${table}_data_version_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION user_data_versions_after_update();

CREATE OR REPLACE TRIGGER ${table}_data_version_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION user_data_versions_after_delete();

CREATE OR REPLACE TRIGGER ${table}_data_version_truncate AFTER TRUNCATE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION user_data_versions_after_truncate();
`,
).join('');

export const dataVersionsDefinitions = `
CREATE OR REPLACE FUNCTION user_data_versions_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${touchUsers('new_rows')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION user_data_versions_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${touchUsers('(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows) AS both_rows')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION user_data_versions_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${touchUsers('old_rows')}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION user_data_versions_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${touchUsers('users AS every_user(user_id)')}
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
`;
