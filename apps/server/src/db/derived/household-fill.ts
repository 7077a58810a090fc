/**
 * The tables a household owns whose writers still name only the user: until a domain's
 * repositories write `household_id` themselves, a row inserted without one gets its user's
 * default household (the one every existing user's data moved into). The WHEN clause keeps a
 * row that names its household from calling the function at all. Each table leaves this list
 * when its domain writes the column; the function goes with the last.
 */
export const TABLES_FILLED_WITH_THE_DEFAULT_HOUSEHOLD = [
  'accounts',
  'transactions',
  'transaction_splits',
  'deleted_transactions',
  'transfers',
  'user_categories',
  'hidden_categories',
  'budgets',
  'goals',
  'recurring_rules',
  'rules',
  'receipts',
  'receipt_shops',
  'imports',
  'import_mappings',
  'transaction_attachments',
  'deleted_transaction_attachments',
  'user_exchange_rates',
  'api_tokens',
] as const;

const triggers = TABLES_FILLED_WITH_THE_DEFAULT_HOUSEHOLD.map(
  (table) => `
CREATE OR REPLACE TRIGGER ${table}_household_fill BEFORE INSERT ON ${table}
  FOR EACH ROW WHEN (NEW.household_id IS NULL) EXECUTE FUNCTION moneta_fill_household();
`,
).join('');

export const householdFillDefinitions = `
CREATE OR REPLACE FUNCTION moneta_fill_household() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.household_id := (SELECT default_household_id FROM users WHERE id = NEW.user_id);
  RETURN NEW;
END
$fn$;
${triggers}`;
