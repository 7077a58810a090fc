/**
 * The trigger function of a derived table of sums kept per key, for statement-level triggers on
 * INSERT, UPDATE and DELETE of transactions (transition tables old_rows and new_rows): what a
 * statement took out is subtracted, what it put in is added, in one aggregate each, the new keys
 * written in key order (one lock order, so that concurrent bulk writers cannot deadlock), and a
 * key whose count reaches zero is removed. Deletes only subtract: a row whose parent went by a
 * cascade (its household, its account) is gone before the statement's trigger runs.
 */
export function keptSumsFunction(kept: {
  /** The function's name. */
  name: string;
  table: string;
  key: readonly string[];
  /** The rows one transition table contributes, as a FROM item with the key's columns. */
  rowsOf: (transitionTable: 'old_rows' | 'new_rows') => string;
  /** Each kept column and its aggregate over those rows. */
  sums: Readonly<Record<string, string>>;
  /** The kept column that counts the rows: a key at zero is removed. */
  count: string;
}): string {
  const key = kept.key.join(', ');
  const columns = [...Object.keys(kept.sums), kept.count];
  const aggregates = [...Object.values(kept.sums), 'count(*)'];
  const grouped = (rows: 'old_rows' | 'new_rows', named: boolean) =>
    `SELECT ${key}, ${aggregates.map((aggregate, index) => (named ? `${aggregate} AS ${columns[index]}` : aggregate)).join(', ')}
    FROM ${kept.rowsOf(rows)} AS ${rows} GROUP BY ${key}`;
  return `
CREATE OR REPLACE FUNCTION ${kept.name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE ${kept.table} AS kept
    SET ${columns.map((column) => `${column} = kept.${column} - gone.${column}`).join(', ')}
    FROM (${grouped('old_rows', true)}) AS gone
    WHERE ${kept.key.map((column) => `kept.${column} = gone.${column}`).join(' AND ')};
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ${kept.table} AS kept (${key}, ${columns.join(', ')})
    ${grouped('new_rows', false)}
    ORDER BY ${key}
    ON CONFLICT (${key}) DO UPDATE
      SET ${columns.map((column) => `${column} = kept.${column} + excluded.${column}`).join(', ')};
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM ${kept.table}
    WHERE ${kept.count} = 0 AND (${key}) IN (SELECT ${key} FROM ${kept.rowsOf('old_rows')} AS old_rows);
  END IF;
  RETURN NULL;
END
$fn$;
`;
}

/** The three statement-level triggers on transactions that run `fn`, named `prefix_<event>`. */
export function transactionsTriggers(prefix: string, fn: string): string {
  return `
CREATE OR REPLACE TRIGGER ${prefix}_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();

CREATE OR REPLACE TRIGGER ${prefix}_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();

CREATE OR REPLACE TRIGGER ${prefix}_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();
`;
}
