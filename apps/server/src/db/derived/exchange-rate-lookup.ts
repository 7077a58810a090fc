/**
 * The rate lookup (DESIGN §6.5): how many units of `to_currency` one unit of `from_currency` is
 * worth on `on_day`, for one user, as one row (rate, rate_date, source) or none.
 *
 * - The same currency: 1, source `same`.
 * - Else the latest day on or before `on_day`, at most `max_days` back (7: weekends and
 *   holidays; NULL: any age, for a balance "now"), that has a rate: the user's own for that
 *   pair (either way round: the inverse of their rate the other way) or the ECB's, through the
 *   euro (two legs, each its own latest day; the older one is the rate's date). On one day the
 *   user's own wins (`manual` over `ecb`); a later ECB day wins over an older own rate.
 * - Else no row: never a rate of 1 between different currencies.
 *
 * A quotient keeps no trailing zeros (trim_scale: 1.1711, not 1.17110000000000000000).
 *
 * One SELECT in LANGUAGE sql, STABLE: PostgreSQL inlines it into the query that calls it
 * (`CROSS JOIN LATERAL moneta_exchange_rate(t.user_id, t.currency, $base, t.added_on)`), each
 * leg one backward probe of a primary key. Not a trigger: it is here, not in a numbered
 * migration, so that changing it is an edit of this file (docs/database.md).
 */
export const exchangeRateLookupDefinitions = `
CREATE OR REPLACE FUNCTION moneta_exchange_rate(
  for_user uuid, from_currency text, to_currency text, on_day date, max_days integer DEFAULT 7
) RETURNS TABLE (rate numeric, rate_date date, source text)
LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
  SELECT found.rate, found.rate_date, found.source
  FROM (
    SELECT 1::numeric AS rate, on_day AS rate_date, 'same'::text AS source, 0 AS rank
    WHERE from_currency = to_currency
    UNION ALL
    SELECT * FROM (
      SELECT own.rate, own.date, 'manual', 1 FROM user_exchange_rates own
      WHERE own.user_id = for_user AND own.currency = from_currency
        AND own.base_currency = to_currency AND own.date <= on_day
        AND (max_days IS NULL OR own.date >= on_day - max_days)
      ORDER BY own.date DESC LIMIT 1
    ) AS direct
    UNION ALL
    SELECT * FROM (
      SELECT trim_scale(1 / own.rate), own.date, 'manual', 1 FROM user_exchange_rates own
      WHERE own.user_id = for_user AND own.currency = to_currency
        AND own.base_currency = from_currency AND own.date <= on_day
        AND (max_days IS NULL OR own.date >= on_day - max_days)
      ORDER BY own.date DESC LIMIT 1
    ) AS inverse
    UNION ALL
    SELECT trim_scale(to_leg.rate / from_leg.rate), LEAST(from_leg.date, to_leg.date), 'ecb', 2
    FROM (
      SELECT * FROM (
        SELECT ecb.rate, ecb.date FROM exchange_rates ecb
        WHERE ecb.currency = from_currency AND ecb.date <= on_day
          AND (max_days IS NULL OR ecb.date >= on_day - max_days)
        ORDER BY ecb.date DESC LIMIT 1
      ) AS stored
      UNION ALL SELECT 1::numeric, on_day WHERE from_currency = 'EUR'
    ) AS from_leg
    CROSS JOIN (
      SELECT * FROM (
        SELECT ecb.rate, ecb.date FROM exchange_rates ecb
        WHERE ecb.currency = to_currency AND ecb.date <= on_day
          AND (max_days IS NULL OR ecb.date >= on_day - max_days)
        ORDER BY ecb.date DESC LIMIT 1
      ) AS stored
      UNION ALL SELECT 1::numeric, on_day WHERE to_currency = 'EUR'
    ) AS to_leg
    WHERE from_currency <> to_currency
  ) AS found
  ORDER BY found.rank = 0 DESC, found.rate_date DESC, found.rank
  LIMIT 1
$fn$;
`;
