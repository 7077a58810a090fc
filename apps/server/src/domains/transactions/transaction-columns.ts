/**
 * The transactions table's columns as schema/transactions.ts defines them, for the SQL that
 * writes whole rows (an insert of many, a snapshot taken and put back): every such path takes
 * its column list from here, so that a new column needs no edit in hand-written SQL.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { transactions } from '../../db/schema';

export const COLUMNS: Record<string, { name: string; isGenerated: boolean }> = Object.fromEntries(
  Object.entries(getTableColumns(transactions)).map(([key, column]) => [
    key,
    { name: column.name, isGenerated: column.generated !== undefined },
  ]),
);

/** A transaction as `take` returns it: its stored columns by SQL name. */
export type TransactionSnapshot = Record<string, unknown> & { id: string };

const generatedColumnNames = () =>
  sql.param(
    Object.values(COLUMNS)
      .filter((column) => column.isGenerated)
      .map((column) => column.name),
  );

/**
 * A transaction row as `to_jsonb` writes it (SQL column names, no generated columns), with a
 * split transaction's parts as `splits` (category, amount_cents, note, in order): read in a
 * `DELETE … RETURNING`, where the parts, deleted after their transaction by a statement
 * trigger, are still visible. `restore` ignores the key; the services write the parts back.
 */
export const snapshotOf = (alias: string) => {
  const t = sql.identifier(alias);
  return sql`to_jsonb(${t}) - ${generatedColumnNames()}::text[] || coalesce((
    SELECT jsonb_build_object('splits', jsonb_agg(jsonb_build_object(
      'category', s.category, 'amount_cents', s.amount_cents, 'note', s.note)
      ORDER BY s.position))
    FROM transaction_splits AS s WHERE s.transaction_id = ${t}.id), '{}'::jsonb)`;
};

/** The given columns' SQL names, in the table's order (generated ones are never written). */
export function columnNames(keys: Iterable<string>): string[] {
  const given = new Set(keys);
  return Object.entries(COLUMNS)
    .filter(([key, column]) => given.has(key) && !column.isGenerated)
    .map(([, column]) => column.name);
}

export function columnList(names: string[], prefix?: string): SQL {
  return sql.join(
    names.map((name) =>
      prefix ? sql`${sql.identifier(prefix)}.${sql.identifier(name)}` : sql.identifier(name),
    ),
    sql`, `,
  );
}

/** A row as JSON keyed by SQL column names; undefined values are left out (not given). */
export function toColumnRecord(row: object): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const column = COLUMNS[key];
    if (column && !column.isGenerated && value !== undefined) record[column.name] = value;
  }
  return record;
}
