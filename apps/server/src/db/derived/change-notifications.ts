import type { ChangeDomain } from '@moneta/shared';

/**
 * Live changes (docs/api.md, Live changes): a write to a household's data tells every server
 * instance which household and which part of its data changed, so that the members' open screens
 * refresh (domains/events/). Each statement that changes rows sends one NOTIFY per household it
 * touched on the channel `moneta_changes`, its payload `<household id>:<domain>`. PostgreSQL
 * delivers a NOTIFY when its transaction commits (never for one rolled back) and sends identical
 * payloads of one transaction once, so a bulk import of 10,000 rows is one message.
 *
 * Statement-level triggers with transition tables, as the data versions' (data-versions.ts): a
 * row trigger would call pg_notify once per row. TRUNCATE knows no rows and notifies nothing
 * (tests and admin work only).
 */
export const CHANGE_CHANNEL = 'moneta_changes';

/**
 * Each table with a `household_id` whose writes are announced, and the domain it belongs to.
 * Transfers and attachments show in the registers and the transactions list, so they are the
 * transactions'; a membership or an invitation is the household's own.
 */
export const NOTIFYING_TABLES: Readonly<Record<string, ChangeDomain>> = {
  transactions: 'transactions',
  transaction_splits: 'transactions',
  deleted_transactions: 'transactions',
  transfers: 'transactions',
  transaction_attachments: 'transactions',
  accounts: 'accounts',
  budgets: 'budgets',
  user_categories: 'categories',
  hidden_categories: 'categories',
  goals: 'goals',
  recurring_rules: 'recurring',
  rules: 'rules',
  receipts: 'receipts',
  imports: 'imports',
  import_mappings: 'imports',
  user_exchange_rates: 'rates',
  household_members: 'households',
  household_invitations: 'households',
};

const notify = (rows: string, column = 'household_id') => `
  PERFORM pg_notify('${CHANGE_CHANNEL}', changed.household_id || ':' || TG_ARGV[0])
  FROM (SELECT DISTINCT ${column} AS household_id FROM ${rows}) AS changed
  WHERE changed.household_id IS NOT NULL;`;

const tableTriggers = (table: string, domain: ChangeDomain, functionPrefix: string) => `
CREATE OR REPLACE TRIGGER ${table}_change_notify_insert AFTER INSERT ON ${table}
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION ${functionPrefix}_after_insert('${domain}');

CREATE OR REPLACE TRIGGER ${table}_change_notify_update AFTER UPDATE ON ${table}
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION ${functionPrefix}_after_update('${domain}');

CREATE OR REPLACE TRIGGER ${table}_change_notify_delete AFTER DELETE ON ${table}
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION ${functionPrefix}_after_delete('${domain}');
`;

const functions = (prefix: string, column: string) => `
CREATE OR REPLACE FUNCTION ${prefix}_after_insert() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${notify('new_rows', column)}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION ${prefix}_after_update() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${notify(`(SELECT ${column} FROM old_rows UNION SELECT ${column} FROM new_rows) AS touched`, column)}
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION ${prefix}_after_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  ${notify('old_rows', column)}
  RETURN NULL;
END
$fn$;
`;

/** The trigger names these definitions make (the derived definitions' test lists them). */
export const CHANGE_NOTIFY_TRIGGERS: readonly string[] = [
  ...Object.keys(NOTIFYING_TABLES),
  'households',
].flatMap((table) =>
  ['insert', 'update', 'delete'].map((event) => `${table}_change_notify_${event}`),
);

export const CHANGE_NOTIFY_FUNCTIONS: readonly string[] = [
  'moneta_notify_changes',
  'moneta_notify_household_changes',
].flatMap((prefix) => ['insert', 'update', 'delete'].map((event) => `${prefix}_after_${event}`));

// The households table is keyed by its own id: a rename reaches the members' switchers, and a
// deleted household's members hear of it (its memberships go with it too).
export const changeNotificationsDefinitions = `
${functions('moneta_notify_changes', 'household_id')}
${functions('moneta_notify_household_changes', 'id')}
${Object.entries(NOTIFYING_TABLES)
  .map(([table, domain]) => tableTriggers(table, domain, 'moneta_notify_changes'))
  .join('')}
${tableTriggers('households', 'households', 'moneta_notify_household_changes')}`;
