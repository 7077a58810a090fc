import type pg from 'pg';

/**
 * Tables whose rows the database derives itself: transaction_totals, transaction_search_counts,
 * transaction_daily_totals and account_daily_movements are kept by triggers on transactions,
 * account_balances by triggers on transactions and transfers, exchange_rate_days by triggers on
 * exchange_rates, so a restore rebuilds them by inserting those rows instead of copying them.
 */
const DERIVED_TABLES = new Set([
  'transaction_totals',
  'transaction_search_counts',
  'transaction_daily_totals',
  'account_balances',
  'account_daily_movements',
  'exchange_rate_days',
  // The versions remembered answers are checked against (src/db/derived/data-versions.ts):
  // restoring the rows writes them anew.
  'household_data_versions',
  'exchange_rates_version',
  'data_version_pending',
]);

/**
 * Tables of short-lived sign-in state: single-use challenges (5 minutes) and failed-attempt
 * counters (15 minutes), and remembered answers (computed again on the next read). A restore
 * starts without them; nothing of a user's is lost.
 */
const EPHEMERAL_TABLES = new Set(['auth_challenges', 'auth_throttles', 'answer_cache']);

/** Settings that make PostgreSQL's text output exact and read back the same on input. */
export const EXACT_TEXT_SETTINGS = [
  "SET DateStyle = 'ISO, YMD'",
  "SET TimeZone = 'UTC'",
  "SET IntervalStyle = 'postgres'",
  'SET extra_float_digits = 3',
  "SET bytea_output = 'hex'",
];

export interface TableShape {
  name: string;
  /** Stored columns (generated ones are left out: PostgreSQL computes them again). */
  columns: string[];
  /** Holds bytea (receipt files, up to UPLOAD_MAX_MB each): read a few rows at a time. */
  hasFiles: boolean;
}

/** Moneta's tables in the public schema, parents before children (by their foreign keys). */
export async function tablesInDependencyOrder(client: pg.ClientBase): Promise<TableShape[]> {
  const { rows: columnRows } = await client.query<{
    table: string;
    column: string;
    is_bytea: boolean;
  }>(
    `SELECT c.relname AS table, a.attname AS column, a.atttypid = 'bytea'::regtype AS is_bytea
     FROM pg_class c
     JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid
     WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
       AND a.attgenerated = ''
     ORDER BY c.relname, a.attnum`,
  );
  const { rows: keys } = await client.query<{ child: string; parent: string }>(
    `SELECT child.relname AS child, parent.relname AS parent
     FROM pg_constraint k
     JOIN pg_class child ON child.oid = k.conrelid
     JOIN pg_class parent ON parent.oid = k.confrelid
     WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`,
  );
  const columns = new Map<string, string[]>();
  const withFiles = new Set<string>();
  for (const row of columnRows) {
    if (DERIVED_TABLES.has(row.table) || EPHEMERAL_TABLES.has(row.table)) continue;
    columns.set(row.table, [...(columns.get(row.table) ?? []), row.column]);
    if (row.is_bytea) withFiles.add(row.table);
  }
  const parents = new Map<string, Set<string>>();
  for (const key of keys) {
    if (key.child === key.parent || !columns.has(key.child)) continue;
    parents.set(key.child, (parents.get(key.child) ?? new Set()).add(key.parent));
  }

  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const place = (table: string) => {
    if (placed.has(table)) return;
    if (visiting.has(table)) {
      throw new Error(
        `Foreign keys form a cycle through ${table}; a data-only restore needs an order`,
      );
    }
    visiting.add(table);
    for (const parent of parents.get(table) ?? []) if (columns.has(parent)) place(parent);
    visiting.delete(table);
    placed.add(table);
    ordered.push({ name: table, columns: columns.get(table)!, hasFiles: withFiles.has(table) });
  };
  [...columns.keys()].sort().forEach(place);
  return ordered;
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every table of the public schema, derived ones included. */
export async function allTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ table: string }>(
    `SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
  );
  return rows.map((row) => row.table);
}
