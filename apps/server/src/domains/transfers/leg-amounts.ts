import { sql, type SQL } from 'drizzle-orm';
import { exchangeRateAt, type HouseholdRef } from '../../db/exchange-rate-sql';

/**
 * How far the two legs of one transfer between accounts in two currencies may be apart, as a
 * share of the amount received, once the amount sent is converted at the day's ECB rate: banks
 * convert at their own rate, a percent or two off the reference (docs/transfers.md).
 */
export const CROSS_CURRENCY_TOLERANCE = 0.02;

/** How many days apart two banks may book the legs of one transfer (docs/transfers.md). */
export const TRANSFER_LEG_DAYS = 3;

/** One side of a possible transfer: its amount (minor units), currency, day and direction. */
export interface LegSql {
  cents: SQL;
  currency: SQL;
  day: SQL;
  isIncome: SQL;
}

/**
 * The candidate pairs of `pairs` (a query with the columns named by `a` and `b`, each a leg)
 * whose amounts are one movement's two amounts: equal in one currency; between two, the amount
 * sent (the expense leg's) converted at its day's rate (that day's, else up to 7 days earlier,
 * as every conversion) within CROSS_CURRENCY_TOLERANCE of the amount received. Without a rate
 * for the day, two amounts in two currencies never agree. The rate of each (currency pair, day)
 * is looked up once. Adds `gap`: how far apart the amounts are (0 in one currency), to prefer
 * the closest.
 */
export function agreeingLegs(household: HouseholdRef, pairs: SQL, a: LegSql, b: LegSql): SQL {
  const sentCurrency = sql`CASE WHEN ${a.isIncome} THEN ${b.currency} ELSE ${a.currency} END`;
  const receivedCurrency = sql`CASE WHEN ${a.isIncome} THEN ${a.currency} ELSE ${b.currency} END`;
  const sentDay = sql`CASE WHEN ${a.isIncome} THEN ${b.day} ELSE ${a.day} END`;
  const sentCents = sql`CASE WHEN ${a.isIncome} THEN ${b.cents} ELSE ${a.cents} END`;
  const receivedCents = sql`CASE WHEN ${a.isIncome} THEN ${a.cents} ELSE ${b.cents} END`;
  return sql`
    WITH candidate AS MATERIALIZED (
      SELECT p.*, ${sentCurrency} AS sent_currency, ${receivedCurrency} AS received_currency,
        ${sentDay}::date AS sent_day, ${sentCents} AS sent_cents, ${receivedCents} AS received_cents
      FROM (${pairs}) AS p
    ),
    rate AS MATERIALIZED (
      SELECT d.sent_currency, d.received_currency, d.sent_day, r.rate
      FROM (SELECT DISTINCT sent_currency, received_currency, sent_day FROM candidate
        WHERE sent_currency <> received_currency) AS d
      LEFT JOIN LATERAL ${exchangeRateAt(household, sql`d.sent_currency`, sql`d.received_currency`, sql`d.sent_day`)} AS r
        ON true
    )
    SELECT c.*, 0::numeric AS gap
    FROM candidate c
    WHERE c.sent_currency = c.received_currency AND c.sent_cents = c.received_cents
    UNION ALL
    SELECT c.*, abs(c.sent_cents * x.rate - c.received_cents) / c.received_cents
    FROM candidate c
    JOIN rate x ON x.sent_currency = c.sent_currency AND x.received_currency = c.received_currency
      AND x.sent_day = c.sent_day
    WHERE c.sent_currency <> c.received_currency AND c.received_cents > 0
      AND abs(c.sent_cents * x.rate - c.received_cents)
        <= ${CROSS_CURRENCY_TOLERANCE}::numeric * c.received_cents`;
}
