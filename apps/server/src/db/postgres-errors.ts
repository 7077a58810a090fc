/** PostgreSQL's SQLSTATEs for unique-constraint and foreign-key violations. */
const UNIQUE_VIOLATION = '23505';
const FOREIGN_KEY_VIOLATION = '23503';
const NOT_NULL_VIOLATION = '23502';
const CHECK_VIOLATION = '23514';
const NUMERIC_VALUE_OUT_OF_RANGE = '22003';
/** A statement cancelled: over statement_timeout (the server never cancels otherwise). */
const QUERY_CANCELED = '57014';
/**
 * Drizzle's names for the foreign keys from a row to its user or household, e.g.
 * budgets_user_id_users_id_fk, budgets_household_id_households_id_fk. PostgreSQL checks a row's
 * keys in the order of their names, so a deleted account's write meets its household's first:
 * the household only they belonged to went with it.
 */
const OWNER_FOREIGN_KEY = /_(user_id_users|household_id_households)_id_fk$/;

/** The PostgreSQL error itself, or the driver error Drizzle wraps as its cause. */
function* driverErrors(error: unknown) {
  for (let current = error; current instanceof Error; current = current.cause) {
    yield current as Error & { code?: string; constraint?: string; column?: string };
  }
}

/**
 * True when the error (or the driver error Drizzle wraps as its cause) is a violation of the
 * named unique constraint or index.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (const { code, constraint: violated } of driverErrors(error)) {
    if (code === UNIQUE_VIOLATION) return violated === constraint;
  }
  return false;
}

/**
 * True when a write referred to a user that no longer exists: the account was deleted while
 * the request was under way (or, on another server, within the recent-users window).
 */
export function isDeletedUserViolation(error: unknown): boolean {
  for (const { code, constraint, column } of driverErrors(error)) {
    if (code === FOREIGN_KEY_VIOLATION) return OWNER_FOREIGN_KEY.test(constraint ?? '');
    // A transaction without an account gets the user's default one from a trigger, and a row
    // without a household the user's default household (household-fill.ts); only a deleted user
    // has neither (every user always has both).
    if (code === NOT_NULL_VIOLATION) return column === 'account_id' || column === 'household_id';
  }
  return false;
}

/** True when the error is a violation of the named foreign key (a row referring to no row). */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  for (const { code, constraint: violated } of driverErrors(error)) {
    if (code === FOREIGN_KEY_VIOLATION) return violated === constraint;
  }
  return false;
}

/** True when the error is a violation of the named check constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  for (const { code, constraint: violated } of driverErrors(error)) {
    if (code === CHECK_VIOLATION) return violated === constraint;
  }
  return false;
}

/**
 * True when a value left its type's range: a kept total (bigint hundredths, kept by triggers)
 * that a write would take past 9.2 × 10^18, about 92,000 rows of the largest amount. Every
 * conversion and sum the reads make is numeric (docs/decisions.md, REL-1), so this is
 * a write's doing, rolled back with its transaction.
 */
export function isOutOfRange(error: unknown): boolean {
  for (const { code } of driverErrors(error)) {
    if (code === NUMERIC_VALUE_OUT_OF_RANGE) return true;
  }
  return false;
}

/** True when a statement ran over its time limit (statement_timeout) and was cancelled. */
export function isStatementTimeout(error: unknown): boolean {
  for (const { code } of driverErrors(error)) {
    if (code === QUERY_CANCELED) return true;
  }
  return false;
}
