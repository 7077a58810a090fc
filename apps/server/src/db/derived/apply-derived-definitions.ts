import { createHash } from 'node:crypto';
import type pg from 'pg';
import { accountBalancesDefinitions } from './account-balances';
import { accountDailyMovementsDefinitions } from './account-daily-movements';
import { changeNotificationsDefinitions } from './change-notifications';
import { currencyScaleDefinitions } from './currency-scale';
import { dataVersionsDefinitions } from './data-versions';
import { defaultAccountDefinitions } from './default-account';
import { exchangeRateDaysDefinitions } from './exchange-rate-days';
import { exchangeRateLookupDefinitions } from './exchange-rate-lookup';
import { householdFillDefinitions } from './household-fill';
import { importRowsCascadeDefinitions } from './import-rows-cascade';
import { transactionDailyTotalsDefinitions } from './transaction-daily-totals';
import { transactionSearchCountsDefinitions } from './transaction-search-counts';
import { transactionSplitsDefinitions } from './transaction-splits';
import { transactionTotalsDefinitions } from './transaction-totals';

/**
 * The database's own behaviour, as this version of Moneta defines it: the trigger functions and
 * triggers that keep the derived tables and the default account, and the exchange-rate lookup
 * (docs/database.md). Each file
 * holds the current definition with CREATE OR REPLACE, so applying them again changes nothing.
 * To change a trigger or its function, edit its file here: never add its SQL to a numbered
 * migration (those that first made it stay as history). Dropping one takes a numbered
 * migration; this step never drops anything (docs/database.md, "Changing a trigger").
 *
 * They are TypeScript modules exporting their SQL, not .sql files: esbuild bundles them into
 * dist/server.js like any other import, so the bundled server needs no folder of its own to
 * find (the numbered migrations do, because Drizzle's migrator reads files), and a file that
 * is missing or misnamed fails the type check instead of a start.
 *
 * The order does not change what fires: a table's triggers for one event fire in name order.
 */
export const DERIVED_DEFINITIONS: readonly string[] = [
  transactionTotalsDefinitions,
  transactionSearchCountsDefinitions,
  transactionDailyTotalsDefinitions,
  transactionSplitsDefinitions,
  defaultAccountDefinitions,
  accountBalancesDefinitions,
  accountDailyMovementsDefinitions,
  importRowsCascadeDefinitions,
  exchangeRateDaysDefinitions,
  exchangeRateLookupDefinitions,
  currencyScaleDefinitions,
  dataVersionsDefinitions,
  householdFillDefinitions,
  changeNotificationsDefinitions,
];

/**
 * Where the database records which definitions it holds: beside Drizzle's own journal, outside
 * the public schema, so that a backup (public tables only) never carries it and a restored
 * database gets this version's definitions.
 */
const APPLIED_TABLE = 'drizzle.derived_definitions';

export function derivedDefinitionsFingerprint(): string {
  return createHash('sha256').update(DERIVED_DEFINITIONS.join('\n')).digest('hex');
}

/**
 * Applies the derived definitions in one transaction, unless the database holds these very
 * ones already. Replacing a trigger locks its table against writes until the commit; skipping
 * when nothing changed keeps an instance that starts beside running ones from waiting on (or
 * holding up) their writes, as before the definitions moved here. The caller holds the
 * migration lock. Returns whether anything was applied.
 */
export async function applyDerivedDefinitions(client: pg.ClientBase): Promise<boolean> {
  const fingerprint = derivedDefinitionsFingerprint();
  await client.query(`CREATE TABLE IF NOT EXISTS ${APPLIED_TABLE} (fingerprint text NOT NULL)`);
  const { rows } = await client.query<{ fingerprint: string }>(
    `SELECT fingerprint FROM ${APPLIED_TABLE}`,
  );
  if (rows.length === 1 && rows[0]!.fingerprint === fingerprint) return false;

  await client.query('BEGIN');
  try {
    for (const definitions of DERIVED_DEFINITIONS) await client.query(definitions);
    await client.query(`DELETE FROM ${APPLIED_TABLE}`);
    await client.query(`INSERT INTO ${APPLIED_TABLE} (fingerprint) VALUES ($1)`, [fingerprint]);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
  return true;
}
