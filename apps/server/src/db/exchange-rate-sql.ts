import { RATE_LOOKBACK_DAYS } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The rate of `currency` in `baseCurrency` units on `day` for a user, as a FROM item of one row
 * (`rate` numeric, `rate_date` date, `source` 'same' | 'ecb' | 'manual') or none: the database
 * function moneta_exchange_rate (src/db/derived/exchange-rate-lookup.ts). Join it LATERAL, and
 * LEFT JOIN … ON true where a row without a rate must stay (its source is then `none`):
 *
 *   LEFT JOIN LATERAL ${exchangeRateAt(t.userId, t.currency, base, t.addedOn)} AS r ON true
 *
 * Each argument is a column, an SQL expression or a value. `maxDays` is how far back a rate may
 * come from (7 by default; null: any age, for a balance
 * "now", which says the rate's date).
 */
export function exchangeRateAt(
  userId: unknown,
  currency: unknown,
  baseCurrency: unknown,
  day: unknown,
  maxDays: number | null = RATE_LOOKBACK_DAYS,
): SQL {
  return sql`moneta_exchange_rate(${userId}::uuid, ${currency}::text, ${baseCurrency}::text, ${day}::date, ${maxDays}::integer)`;
}
