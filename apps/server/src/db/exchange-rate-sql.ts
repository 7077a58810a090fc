import { RATE_LOOKBACK_DAYS } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { HouseholdId } from '../domains/households/household-id';

/** The household whose own rates a lookup reads: an id, or an SQL value naming it (a column). */
export type HouseholdRef = HouseholdId | SQL;

/**
 * The rate of `currency` in `baseCurrency` units on `day` for a household (its own rates win), as a FROM item of one row
 * (`rate` numeric, `rate_date` date, `source` 'same' | 'ecb' | 'manual') or none: the database
 * function moneta_exchange_rate (src/db/derived/exchange-rate-lookup.ts). Join it LATERAL, and
 * LEFT JOIN … ON true where a row without a rate must stay (its source is then `none`):
 *
 *   LEFT JOIN LATERAL ${exchangeRateAt(t.householdId, t.currency, base, t.addedOn)} AS r ON true
 *
 * Each argument is a column, an SQL expression or a value. `maxDays` is how far back a rate may
 * come from (7 by default; null: any age, for a balance
 * "now", which says the rate's date).
 */
export function exchangeRateAt(
  householdId: HouseholdRef,
  currency: unknown,
  baseCurrency: unknown,
  day: unknown,
  maxDays: number | null = RATE_LOOKBACK_DAYS,
): SQL {
  return sql`moneta_exchange_rate(${householdId}::uuid, ${currency}::text, ${baseCurrency}::text, ${day}::date, ${maxDays}::integer)`;
}
