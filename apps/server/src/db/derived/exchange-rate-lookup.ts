import { RATE_LOOKBACK_DAYS } from '@moneta/shared';

/**
 * One leg of an ECB rate (units of `code` per euro, and its day): the euro's own 1; within the
 * usual lookback a single probe of the kept days (exchange-rate-days.ts); for another lookback
 * (null: any age) the backward search of exchange_rates. Called with constant arguments, the
 * planner keeps only the branch that applies.
 */
const ecbLeg = (
  code: string,
) => `SELECT kept.rate, kept.rate_date AS date FROM exchange_rate_days kept
      WHERE kept.currency = ${code} AND kept.day = on_day AND max_days = ${RATE_LOOKBACK_DAYS}
      UNION ALL
      SELECT * FROM (
        SELECT ecb.rate, ecb.date FROM exchange_rates ecb
        WHERE ecb.currency = ${code} AND ecb.date <= on_day
          AND (max_days IS NULL OR ecb.date >= on_day - max_days)
        ORDER BY ecb.date DESC LIMIT 1
      ) AS stored
      WHERE max_days IS DISTINCT FROM ${RATE_LOOKBACK_DAYS}
      UNION ALL SELECT 1::numeric, on_day WHERE ${code} = 'EUR'`;

/**
 * The rate lookup (docs/currencies.md): how many units of `to_currency` one unit of `from_currency`
 * is worth on `on_day`, for one household, as one row (rate, rate_date, source) or none.
 *
 * - The same currency: 1, source `same`.
 * - Else the latest day on or before `on_day`, at most `max_days` back (7: weekends and
 *   holidays; NULL: any age, for a balance "now"), that has a rate: the household's own for that
 *   pair (either way round: the inverse of its rate the other way) or the ECB's, through the
 *   euro (two legs, each its own latest day; the older one is the rate's date). On one day the
 *   household's own wins (`manual` over `ecb`); a later ECB day wins over an older own rate.
 * - Else no row: never a rate of 1 between different currencies.
 *
 * A quotient keeps no trailing zeros (trim_scale: 1.1711, not 1.17110000000000000000).
 *
 * One SELECT in LANGUAGE sql, STABLE: PostgreSQL inlines it into the query that calls it
 * (`CROSS JOIN LATERAL moneta_exchange_rate(t.household_id, t.currency, $base, t.added_on)`), each
 * ECB leg one probe of exchange_rate_days (one backward search of exchange_rates for another
 * lookback), each own-rate leg one backward probe of a primary key. A total over many days
 * joins the kept days directly (src/db/base-amount-sql.ts, ratesOfDays), with the same result.
 * Not a trigger: it is here, not in a numbered migration, so that changing it is an edit of this
 * file (docs/database.md).
 */
export const exchangeRateLookupDefinitions = `
CREATE OR REPLACE FUNCTION moneta_exchange_rate(
  for_household uuid, from_currency text, to_currency text, on_day date, max_days integer DEFAULT 7
) RETURNS TABLE (rate numeric, rate_date date, source text)
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT found.rate, found.rate_date, found.source
  FROM (
    SELECT 1::numeric AS rate, on_day AS rate_date, 'same'::text AS source, 0 AS rank
    WHERE from_currency = to_currency
    UNION ALL
    SELECT * FROM (
      SELECT own.rate, own.date, 'manual', 1 FROM user_exchange_rates own
      WHERE own.household_id = for_household AND own.currency = from_currency
        AND own.base_currency = to_currency AND own.date <= on_day
        AND (max_days IS NULL OR own.date >= on_day - max_days)
      ORDER BY own.date DESC LIMIT 1
    ) AS direct
    UNION ALL
    SELECT * FROM (
      SELECT trim_scale(1 / own.rate), own.date, 'manual', 1 FROM user_exchange_rates own
      WHERE own.household_id = for_household AND own.currency = to_currency
        AND own.base_currency = from_currency AND own.date <= on_day
        AND (max_days IS NULL OR own.date >= on_day - max_days)
      ORDER BY own.date DESC LIMIT 1
    ) AS inverse
    UNION ALL
    SELECT trim_scale(to_leg.rate / from_leg.rate), LEAST(from_leg.date, to_leg.date), 'ecb', 2
    FROM (
      ${ecbLeg('from_currency')}
    ) AS from_leg
    CROSS JOIN (
      ${ecbLeg('to_currency')}
    ) AS to_leg
    WHERE from_currency <> to_currency
  ) AS found
  ORDER BY found.rank = 0 DESC, found.rate_date DESC, found.rank
  LIMIT 1
$fn$;
`;
