import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { agreeingLegs } from '../transfers/leg-amounts';
import type { HouseholdId } from '../households/household-id';

/** A transaction of another account that may be an import row's other leg. */
export type OtherLegCandidate = {
  position: number;
  transaction_id: string;
  account_id: string;
  date: string;
};

/**
 * The transactions in the household's other accounts that may be the other leg of the import rows
 * `readable` selects (docs/transfers.md): the opposite direction, a date within `days`
 * (OTHER_LEG_DAYS, classification-policy.ts), and amounts that agree (agreeingLegs: equal in one currency, at the day's
 * rate between two: a euro checking account paying off a dollar card). The rows are in
 * `rowCurrency`. Best first: closest date, then closest amount. In one currency the amounts are
 * joined by equality (a hash join over a large import and ledger); in two, by day, since the
 * amounts differ — a person's other-currency accounts hold few rows a week.
 */
export async function otherLegCandidates(
  db: Executor,
  householdId: HouseholdId,
  accountId: string,
  readable: SQL,
  rowCurrency: SQL,
  kind: SQL,
  days: number,
): Promise<OtherLegCandidate[]> {
  const pairs = sql`
    SELECT r.position, r.date, r.amount_cents, r.is_income, o.currency AS own_currency,
      l.id AS transaction_id, l.account_id, l.added_on, l.cost_cents, l.currency, l.created_at
    FROM selected r, own o, ledger l
    WHERE l.cost_cents = r.amount_cents AND l.currency = o.currency AND l.is_income <> r.is_income
      AND l.added_on BETWEEN r.date - ${days}::int AND r.date + ${days}::int
    UNION ALL
    SELECT r.position, r.date, r.amount_cents, r.is_income, o.currency, l.id, l.account_id,
      l.added_on, l.cost_cents, l.currency, l.created_at
    FROM selected r CROSS JOIN own o
    CROSS JOIN generate_series(-${days}::int, ${days}::int) AS d(shift)
    JOIN ledger l ON l.added_on = r.date + d.shift AND l.currency <> o.currency
      AND l.is_income <> r.is_income`;
  const result = await db.execute<OtherLegCandidate>(sql`
    WITH selected AS MATERIALIZED (
      SELECT position, date, amount_cents, ${kind} AS is_income
      FROM import_rows WHERE ${readable} AND transfer_choice IS NOT FALSE
    ),
    own AS MATERIALIZED (SELECT ${rowCurrency}::text AS currency),
    span AS (SELECT min(date) - ${days}::int AS low, max(date) + ${days}::int AS high FROM selected),
    ledger AS MATERIALIZED (
      SELECT t.id, t.account_id, t.added_on, t.cost_cents, t.is_income, t.created_at, t.currency
      FROM transactions t, span
      WHERE t.household_id = ${householdId} AND t.account_id <> ${accountId}
        AND t.added_on BETWEEN span.low AND span.high
    ),
    agreeing AS (${agreeingLegs(
      sql`${householdId}::uuid`,
      pairs,
      {
        cents: sql`p.amount_cents`,
        currency: sql`p.own_currency`,
        day: sql`p.date`,
        isIncome: sql`p.is_income`,
      },
      {
        cents: sql`p.cost_cents`,
        currency: sql`p.currency`,
        day: sql`p.added_on`,
        isIncome: sql`NOT p.is_income`,
      },
    )})
    SELECT position, transaction_id, account_id, added_on::text AS date
    FROM agreeing
    ORDER BY abs(date - added_on), gap, position, added_on, created_at, transaction_id`);
  return result.rows;
}
