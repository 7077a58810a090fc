import { RATE_LOOKBACK_DAYS } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import { exchangeRateAt } from './exchange-rate-sql';

/**
 * How amounts in other currencies become the user's base currency on read (docs/currencies.md).
 * Nothing converted is stored: a new rate, or another base currency, shows at the next read.
 *
 * Every amount is stored in hundredths. A converted amount is rounded once per transaction,
 * half away from zero, to the minor unit of the currency it is converted into — so that a total
 * is exactly the sum of the base amounts its rows show.
 */

/** `cents` (hundredths of another currency) times `rate`, rounded to `currency`'s minor unit. */
export function convertedCents(cents: SQL | unknown, rate: SQL | unknown, currency: unknown): SQL {
  return sql`(round(${cents} * ${rate} / moneta_currency_scale(${currency}::text)) * moneta_currency_scale(${currency}::text))::bigint`;
}

/**
 * The rate of one transaction-like row into `target`, as a LATERAL FROM item of at most one row
 * (rate, rate_date, source), looked up only when the row needs it: not for a row already in the
 * target currency, nor for one whose bank charge (`base_cost_currency`) is in the target.
 */
export function rowRate(
  row: { userId: unknown; currency: unknown; day: unknown; baseCostCurrency?: unknown },
  target: unknown,
  maxDays: number | null = RATE_LOOKBACK_DAYS,
): SQL {
  const charged = row.baseCostCurrency
    ? sql` AND ${row.baseCostCurrency} IS DISTINCT FROM ${target}::text`
    : sql``;
  return sql`(SELECT * FROM ${exchangeRateAt(row.userId, row.currency, target, row.day, maxDays)}
    WHERE ${row.currency} <> ${target}::text${charged})`;
}

/** A column of the transactions row aliased `alias` in the query. */
const column = (alias: string, name: string) => sql.raw(`${alias}.${name}`);

/**
 * The rate of the transaction aliased `alias` into `target` (a LATERAL FROM item, see rowRate):
 * none is looked up for a row in `target` or charged in it.
 */
export function transactionRate(alias: string, target: unknown): SQL {
  return rowRate(
    {
      userId: column(alias, 'user_id'),
      currency: column(alias, 'currency'),
      day: column(alias, 'added_on'),
      baseCostCurrency: column(alias, 'base_cost_currency'),
    },
    target,
  );
}

/**
 * The transaction aliased `alias` in `target` hundredths: its cost when it is in `target`, what
 * the bank charged when that was given in `target`, else its cost at `rate` (the rate row of
 * transactionRate, `r.rate` by default); null when no rate is known.
 */
export function transactionAmountIn(alias: string, target: unknown, rate: SQL = sql`r.rate`): SQL {
  return sql`CASE WHEN ${column(alias, 'currency')} = ${target}::text THEN ${column(alias, 'cost_cents')}
    WHEN ${column(alias, 'base_cost_currency')} = ${target}::text THEN ${column(alias, 'base_cost_cents')}
    ELSE ${convertedCents(column(alias, 'cost_cents'), rate, target)} END`;
}

/**
 * A user's transactions in other currencies than `base` with their base amounts, as a FROM item
 * with the columns added_on, is_income, category, account_id, currency, cost_cents and
 * base_cents (null: no rate within the lookback; such a row is `unconverted`). The kept totals
 * (transaction_totals, transaction_daily_totals) sum every row as stored; a converted total is
 * the kept one, minus these rows as stored, plus their base amounts.
 *
 * The rows come from two ranges of transactions_user_currency_idx (below and above the base
 * currency), an index-only read; each currency and day is looked up once however many rows
 * share it.
 */
export function foreignRows(
  userId: string,
  base: string,
  window?: { from: unknown; to: unknown },
): SQL {
  const inWindow = window
    ? sql` AND t.added_on BETWEEN ${window.from}::date AND ${window.to}::date`
    : sql``;
  const columns = sql`t.added_on, t.is_income, t.category, t.account_id, t.currency, t.cost_cents,
    t.base_cost_cents, t.base_cost_currency`;
  return sql`(
    WITH foreign_rows AS MATERIALIZED (
      SELECT ${columns} FROM transactions AS t
      WHERE t.user_id = ${userId}::uuid AND t.currency < ${base}::text${inWindow}
      UNION ALL
      SELECT ${columns} FROM transactions AS t
      WHERE t.user_id = ${userId}::uuid AND t.currency > ${base}::text${inWindow}
    ), needed AS MATERIALIZED (
      SELECT DISTINCT f.currency, f.added_on FROM foreign_rows AS f
      WHERE f.base_cost_currency IS DISTINCT FROM ${base}::text
    ), day_rates AS MATERIALIZED (
      ${dayRates(userId, base, sql`needed`)}
    )
    SELECT f.added_on, f.is_income, f.category, f.account_id, f.currency, f.cost_cents,
      CASE WHEN f.base_cost_currency = ${base}::text THEN f.base_cost_cents
        ELSE ${convertedCents(sql`f.cost_cents`, sql`dr.rate`, base)} END AS base_cents
    FROM foreign_rows AS f
    LEFT JOIN day_rates AS dr ON dr.currency = f.currency AND dr.added_on = f.added_on
  )`;
}

/**
 * The rate into `base` of each (currency, added_on) of the relation `needed` (a CTE name), as a
 * query of (currency, added_on, rate) — the rate the lookup moneta_exchange_rate gives, null for
 * none. For a currency the user has set no rate of their own for (against `base`, either way
 * round), the ECB's rates are carried forward over the days in one pass: one range read of each
 * leg's rates and a running maximum, instead of one lookup per day (2,200 lookups made the
 * all-time summary of three years in two foreign currencies cost 20 ms). A currency with rates
 * of the user's own keeps the lookup, whose rules (the own rate wins on its day) it needs.
 */
export function dayRates(userId: string, base: string, needed: SQL): SQL {
  const lookback = sql`${RATE_LOOKBACK_DAYS}::integer`;
  return sql`WITH spans AS (
      SELECT n.currency, min(n.added_on) AS lo, max(n.added_on) AS hi,
        EXISTS (
          SELECT 1 FROM user_exchange_rates AS own
          WHERE own.user_id = ${userId}::uuid
            AND ((own.currency = n.currency AND own.base_currency = ${base}::text)
              OR (own.currency = ${base}::text AND own.base_currency = n.currency))
        ) AS has_own
      FROM ${needed} AS n GROUP BY n.currency
    ), days AS (
      SELECT s.currency, day::date AS day
      FROM spans AS s, generate_series(s.lo - ${lookback}, s.hi, interval '1 day') AS day
      WHERE NOT s.has_own
    ), carried AS (
      -- Each day's latest ECB day on or before it, for the currency and for the base (the euro
      -- itself: every day, rate 1).
      SELECT d.currency, d.day,
        CASE WHEN d.currency = 'EUR' THEN d.day
          ELSE max(own_leg.date) OVER (PARTITION BY d.currency ORDER BY d.day) END AS from_date,
        CASE WHEN ${base}::text = 'EUR' THEN d.day
          ELSE max(base_leg.date) OVER (PARTITION BY d.currency ORDER BY d.day) END AS to_date
      FROM days AS d
      LEFT JOIN exchange_rates AS own_leg ON own_leg.currency = d.currency AND own_leg.date = d.day
      LEFT JOIN exchange_rates AS base_leg ON base_leg.currency = ${base}::text AND base_leg.date = d.day
    )
    SELECT n.currency, n.added_on,
      CASE WHEN c.from_date >= n.added_on - ${lookback} AND c.to_date >= n.added_on - ${lookback}
        THEN trim_scale(
          (CASE WHEN ${base}::text = 'EUR' THEN 1 ELSE to_rate.rate END)
          / (CASE WHEN n.currency = 'EUR' THEN 1 ELSE from_rate.rate END))
      END AS rate
    FROM ${needed} AS n
    JOIN carried AS c ON c.currency = n.currency AND c.day = n.added_on
    LEFT JOIN exchange_rates AS from_rate ON from_rate.currency = n.currency AND from_rate.date = c.from_date
    LEFT JOIN exchange_rates AS to_rate ON to_rate.currency = ${base}::text AND to_rate.date = c.to_date
    UNION ALL
    SELECT n.currency, n.added_on, r.rate
    FROM ${needed} AS n JOIN spans AS s ON s.currency = n.currency AND s.has_own
    LEFT JOIN LATERAL ${exchangeRateAt(userId, sql`n.currency`, base, sql`n.added_on`)} AS r ON true`;
}

/**
 * A user's income and expense per day, kind and category in `base` over [from, to], as a FROM
 * item with the columns added_on, is_income, category, cents and missing (how many rows no rate
 * converts): the kept daily totals (a few rows a day, every row as stored), and one correction
 * row per transaction in another currency (its base amount instead of its stored one).
 */
export function dayTotalsInBase(
  userId: string,
  base: string,
  window: { from: unknown; to: unknown },
): SQL {
  return sql`(
    SELECT d.added_on, d.is_income, d.category, d.sum_cents AS cents, 0 AS missing
    FROM transaction_daily_totals AS d
    WHERE d.user_id = ${userId}::uuid AND d.added_on BETWEEN ${window.from}::date AND ${window.to}::date
    UNION ALL
    SELECT f.added_on, f.is_income, f.category, coalesce(f.base_cents, 0) - f.cost_cents,
      (f.base_cents IS NULL)::int
    FROM ${foreignRows(userId, base, window)} AS f
  )`;
}

/**
 * The transactions of one account over [from, to] in `base`, one row each, as a FROM item with
 * the columns added_on, is_income, category, name, cents (0 without a rate) and missing: reports
 * filtered by account read its rows (transactions_account_list_idx), not the user's kept totals.
 */
export function accountRowsInBase(
  userId: string,
  accountId: string,
  base: string,
  window: { from: unknown; to: unknown },
): SQL {
  return sql`(
    SELECT t.added_on, t.is_income, t.category, t.name,
      coalesce(${transactionAmountIn('t', base)}, 0) AS cents,
      (${transactionAmountIn('t', base)} IS NULL)::int AS missing
    FROM transactions AS t
    LEFT JOIN LATERAL ${transactionRate('t', base)} AS r ON true
    WHERE t.user_id = ${userId}::uuid AND t.account_id = ${accountId}::uuid
      AND t.added_on BETWEEN ${window.from}::date AND ${window.to}::date
  )`;
}
