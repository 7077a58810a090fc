import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { agreeingLegs, TRANSFER_LEG_DAYS } from './leg-amounts';
import type { HouseholdId } from '../households/household-id';

/** A transaction that is one side of a movement, as the search for its other side takes it. */
export interface LegToMatch {
  id: string;
  accountId: string;
  date: string;
  amountCents: number;
  currency: string;
  isIncome: boolean;
}

/**
 * The transactions of `accountId` that may be the other side of `leg` (docs/transfers.md): the
 * opposite direction, a date within TRANSFER_LEG_DAYS, and amounts that agree (agreeingLegs: the
 * same amount in one currency, at the day's rate between two). Best first: closest date, then
 * closest amount. Used before a transfer is made from one transaction, so that a leg the other
 * account already holds (its own bank's row) is taken rather than a second one written beside it.
 */
export async function otherLegsOf(
  db: Executor,
  householdId: HouseholdId,
  leg: LegToMatch,
  accountId: string,
): Promise<Array<{ id: string; date: string; gap: string }>> {
  const days = TRANSFER_LEG_DAYS;
  const pairs = sql`
    SELECT t.id, t.added_on, t.cost_cents, t.currency, t.is_income, t.created_at
    FROM transactions t
    WHERE t.household_id = ${householdId} AND t.account_id = ${accountId} AND t.id <> ${leg.id}
      AND t.is_income <> ${leg.isIncome}
      AND t.added_on BETWEEN ${leg.date}::date - ${days}::int AND ${leg.date}::date + ${days}::int`;
  const result = await db.execute<{ id: string; date: string; gap: string }>(sql`
    SELECT id, added_on::text AS date, gap::text AS gap FROM (${agreeingLegs(
      householdId,
      pairs,
      {
        cents: sql`${leg.amountCents}::bigint`,
        currency: sql`${leg.currency}::text`,
        day: sql`${leg.date}::date`,
        isIncome: sql`${leg.isIncome}::boolean`,
      },
      {
        cents: sql`p.cost_cents`,
        currency: sql`p.currency`,
        day: sql`p.added_on`,
        isIncome: sql`p.is_income`,
      },
    )}) AS found
    ORDER BY abs(added_on - ${leg.date}::date), gap, added_on, created_at, id`);
  return result.rows;
}
