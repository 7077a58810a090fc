import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { sessionExpired } from '../../http/app-error';
import { households, users } from '../../db/schema';
import { asHouseholdId, type ActiveHousehold } from './household-id';

/**
 * The user's default household: the one a request without the household header acts on, which
 * the sign-in and sign-up answers describe (its base currency). Data is never read or written
 * through it: every writer takes the household it acts on.
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
