/** The longest SQL text a log line carries. */
const MAX_SQL_LENGTH = 2000;
/** Causes followed (Drizzle's error wraps the driver's, which may wrap another). */
const MAX_CAUSES = 3;

export interface LoggableError {
  type: string;
  /** PostgreSQL's SQLSTATE, Node's or a library's code. */
  code?: string;
  /** The statement that failed, without its parameters. */
  sql?: string;
  /** Where it was thrown: code locations only. */
  stack?: string;
  cause?: LoggableError;
}

/**
 * What a log line may say about an error (docs/reliability.md: no log line holds a file's content):
 * its name and code, the SQL text of a failed query, and the code locations of its stack. Never
 * its message, nor a failed query's parameters: Drizzle's message lists them, PostgreSQL's
 * message and detail quote the values, a parser's message quotes the input. Other fields (pg's
 * `detail`, `where`, Drizzle's `params`) are left out by building a new object.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error };
  const fields = error as Error & { code?: unknown; query?: unknown };
  const described: LoggableError = { type: error.name || error.constructor.name };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') {
    described.code = String(fields.code);
  }
  if (typeof fields.query === 'string') described.sql = fields.query.slice(0, MAX_SQL_LENGTH);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  if (frames.length > 0) described.stack = frames.join('\n');
  if (error.cause !== undefined && depth < MAX_CAUSES) {
    described.cause = loggableError(error.cause, depth + 1);
  }
  return described;
}
