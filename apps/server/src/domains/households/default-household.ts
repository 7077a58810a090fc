import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { sessionExpired } from '../../http/app-error';
import { households, users } from '../../db/schema';
import { asHouseholdId, type ActiveHousehold } from './household-id';

/**
 * The user's default household, for the domains whose routes do not pass the request's
 * household yet (HOUSEHOLDS-PROGRESS.md): their rows are filled into that household
 * (db/derived/household-fill.ts), so what they ask of the re-keyed domains is asked of it too.
 * Goes when the last of them passes `request.household`.
 */
export async function defaultHouseholdOf(db: Executor, userId: string): Promise<ActiveHousehold> {
  const [row] = await db
    .select({
      id: households.id,
      baseCurrency: households.baseCurrency,
      timeZone: households.timeZone,
    })
    .from(users)
    .innerJoin(households, eq(households.id, users.defaultHouseholdId))
    .where(eq(users.id, userId));
  // A user deleted meanwhile (by another server, a moment ago): as their token would be now.
  if (!row) throw sessionExpired();
  return { ...row, id: asHouseholdId(row.id) };
}

/** The same household's id in SQL, as a value inside a statement. */
export const defaultHouseholdSql = (userId: unknown): SQL =>
  sql`(SELECT u.default_household_id FROM users AS u WHERE u.id = ${userId}::uuid)`;
