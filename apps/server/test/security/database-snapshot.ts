import type pg from 'pg';

/** Row count and content checksum of one table. */
export interface TableSnapshot {
  rows: number;
  md5: string | null;
}

export type DatabaseSnapshot = Record<string, TableSnapshot>;

/**
 * Bookkeeping, left out: a refused sign-in or code is recorded by design (failure counters, a
 * challenge's wrong tries, the user's security events), and a read of a report or the budgets
 * remembers its answer (answer_cache); neither is a change to anyone's data.
 */
const BOOKKEEPING_TABLES = new Set([
  'auth_throttles',
  'auth_challenges',
  'security_events',
  'answer_cache',
]);
/** When a session or token was last used: advisory, written every few minutes by any request. */
const USAGE_COLUMNS: Record<string, string> = {
  sessions: 'last_seen_at',
  api_tokens: 'last_used_at',
};

/** The snapshot query per database: the list of tables does not change during a test. */
const queries = new WeakMap<pg.Pool, string>();

async function snapshotQuery(pool: pg.Pool): Promise<string> {
  const cached = queries.get(pool);
  if (cached) return cached;
  const { rows: tables } = await pool.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  if (tables.length === 0) throw new Error('no tables found: is the database migrated?');
  const query = tables
    .filter(({ name }) => !BOOKKEEPING_TABLES.has(name))
    .map(({ name }) => {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      const literal = `'${name.replaceAll("'", "''")}'`;
      const usage = USAGE_COLUMNS[name];
      const row = usage ? `(to_jsonb(t) - '${usage}')::text` : 't::text';
      return `SELECT ${literal} AS name, count(*)::int AS rows,
                     md5(string_agg(${row}, '|' ORDER BY ${row})) AS md5
                FROM ${quoted} AS t`;
    })
    .join(' UNION ALL ');
  queries.set(pool, query);
  return query;
}

/**
 * Every table of the app's schema with its row count and an md5 of all its rows (ordered by
 * their text form, so the checksum does not depend on physical order). Two equal snapshots mean
 * that no row was added, removed or changed in between: the proof that a rejected request left
 * the database as it was. One round trip, so that it can run around every fuzzed request.
 */
export async function snapshotDatabase(pool: pg.Pool): Promise<DatabaseSnapshot> {
  const { rows } = await pool.query<TableSnapshot & { name: string }>(await snapshotQuery(pool));
  // In name order: PostgreSQL may run the branches of a long UNION ALL in parallel, in any order,
  // and two snapshots are compared as JSON.
  rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return Object.fromEntries(rows.map(({ name, ...table }) => [name, table]));
}
