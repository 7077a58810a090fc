/** PostgreSQL's SQLSTATE for a unique-constraint violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when the error (or the driver error Drizzle wraps as its cause) is a violation of the
 * named unique constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint: violated } = current as Error & {
      code?: string;
      constraint?: string;
    };
    if (code === UNIQUE_VIOLATION) return violated === constraint;
  }
  return false;
}
