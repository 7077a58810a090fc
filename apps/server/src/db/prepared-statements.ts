import type { Executor } from './database';

const statementsByExecutor = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A named prepared statement for the hot read paths, built once per database handle. Building
 * a query with Drizzle on every request, and PostgreSQL parsing and planning it again, cost
 * more than running it; a named statement is built once here and parsed once per connection
 * (node-postgres remembers which connections know it).
 *
 * `build` receives the name to pass to `.prepare()`. One name must always mean one SQL text:
 * a connection refuses a known name with different text.
 *
 * PostgreSQL soon plans a named statement once for all values (a generic plan). Where the best
 * plan depends on the values — a rare search term wants the trigram index, a common one the
 * date order; a long date range another plan than a short one — pass `planWithValues`: the
 * statement then gets the empty name, PostgreSQL's unnamed statement, planned on each run with
 * the actual values, while the SQL text is still built only once.
 */
export function preparedStatement<T>(
  db: Executor,
  name: string,
  build: (name: string) => T,
  options: { planWithValues?: boolean } = {},
): T {
  let statements = statementsByExecutor.get(db);
  if (!statements) {
    statements = new Map();
    statementsByExecutor.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (!statement) {
    statement = build(options.planWithValues ? '' : name);
    statements.set(name, statement);
  }
  return statement;
}
