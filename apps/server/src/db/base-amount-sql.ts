import { RATE_LOOKBACK_DAYS } from '@moneta/shared';
import { sql, type SQL } from 'drizzle-orm';
import { exchangeRateAt, type HouseholdRef } from './exchange-rate-sql';

/**
 * How amounts in other currencies become the household's base currency on read (docs/currencies.md).
 * Nothing converted is stored: a new rate, or another base currency, shows at the next read.
 *
 * Every amount is stored in hundredths. A converted amount is rounded once per transaction,
 * half away from zero, to the minor unit of the currency it is converted into — so that a total
 * is exactly the sum of the base amounts its rows show.
 */

/**
 * `cents` (hundredths of another currency) times `rate`, rounded to `currency`'s minor unit, as
 * `numeric`: the largest amount the API takes at the largest rate it takes is past `bigint`
 * (docs/decisions.md, REL-1), so neither the product nor any sum of products is
 * ever cast back. Sums of them are `numeric` too; the repositories read them with Number().
 */
export function convertedCents(cents: SQL | unknown, rate: SQL | unknown, currency: unknown): SQL {
  return sql`(round(${cents} * ${rate} / moneta_currency_scale(${currency}::text)) * moneta_currency_scale(${currency}::text))`;
}

/**
 * The rate of one transaction-like row into `target`, as a LATERAL FROM item of at most one row
 * (rate, rate_date, source), looked up only when the row needs it: not for a row already in the
 * target currency, nor for one whose bank charge (`base_cost_currency`) is in the target.
 */
export function rowRate(
  row: { householdId: HouseholdRef; currency: unknown; day: unknown; baseCostCurrency?: unknown },
  target: unknown,
  maxDays: number | null = RATE_LOOKBACK_DAYS,
): SQL {
  const charged = row.baseCostCurrency
    ? sql` AND ${row.baseCostCurrency} IS DISTINCT FROM ${target}::text`
    : sql``;
  return sql`(SELECT * FROM ${exchangeRateAt(row.householdId, row.currency, target, row.day, maxDays)}
    WHERE ${row.currency} <> ${target}::text${charged})`;
}

/**
 * The rate into `base` of each pair of `days` (a FROM item of distinct currency, added_on pairs),
 * as a FROM item (currency, added_on, rate; rate null without one): what moneta_exchange_rate
 * gives for each pair, found in one join on the kept ECB days (exchange_rate_days) instead of a
 * lookup per day. A household that has set rates of its own gets the lookup itself, since one
 * of its own may win over the ECB's: the two branches are gated by one check, made once per query,
 * and only one of them runs.
 */
export function ratesOfDays(householdId: HouseholdRef, base: string, days: SQL): SQL {
  const hasOwnRates = sql`EXISTS (SELECT 1 FROM user_exchange_rates WHERE household_id = ${householdId}::uuid)`;
  return sql`(
    SELECT d.currency, d.added_on, CASE
      WHEN d.currency = ${base}::text THEN 1::numeric
      ELSE trim_scale(
        (CASE WHEN ${base}::text = 'EUR' THEN 1::numeric ELSE to_day.rate END)
        / (CASE WHEN d.currency = 'EUR' THEN 1::numeric ELSE from_day.rate END))
      END AS rate
    FROM ${days} AS d
    LEFT JOIN exchange_rate_days AS from_day
      ON from_day.currency = d.currency AND from_day.day = d.added_on
    LEFT JOIN exchange_rate_days AS to_day
      ON to_day.currency = ${base}::text AND to_day.day = d.added_on
    WHERE NOT ${hasOwnRates}
    UNION ALL
    SELECT d.currency, d.added_on, r.rate
    FROM ${days} AS d
    LEFT JOIN LATERAL ${exchangeRateAt(householdId, sql`d.currency`, base, sql`d.added_on`)} AS r ON true
    WHERE ${hasOwnRates}
  )`;
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
      householdId: column(alias, 'household_id'),
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
 * A household's transactions in other currencies than `base` with their base amounts, as a FROM item
 * with the columns added_on, is_income, category, account_id, currency, cost_cents,
 * base_cents (null: no rate within the lookback; such a row is `unconverted`) and first_part.
 * A split transaction is one row per part (as the kept totals count it: docs/database.md), each
 * converted and rounded on its own; a bank charge is shared in proportion to the parts. Only
 * its `first_part` row counts towards `unconverted`, so that it counts once. The kept totals
 * (transaction_totals, transaction_daily_totals) sum every row as stored; a converted total is
 * the kept one, minus these rows as stored, plus their base amounts.
 *
 * The rows come from two ranges of transactions_household_currency_idx (below and above the base
 * currency), an index-only read; each currency and day's rate is found once however many rows
 * share it (ratesOfDays).
 */
export function foreignRows(
  householdId: HouseholdRef,
  base: string,
  window?: { from: unknown; to: unknown },
): SQL {
  const inWindow = window
    ? sql` AND t.added_on BETWEEN ${window.from}::date AND ${window.to}::date`
    : sql``;
  const columns = sql`t.id, t.added_on, t.is_income, t.category, t.account_id, t.currency,
    t.cost_cents, t.base_cost_cents, t.base_cost_currency`;
  return sql`(
    WITH foreign_rows AS MATERIALIZED (
      SELECT ${columns} FROM transactions AS t
      WHERE t.household_id = ${householdId}::uuid AND t.currency < ${base}::text${inWindow}
      UNION ALL
      SELECT ${columns} FROM transactions AS t
      WHERE t.household_id = ${householdId}::uuid AND t.currency > ${base}::text${inWindow}
    ), day_rates AS MATERIALIZED (
      SELECT * FROM ${ratesOfDays(
        householdId,
        base,
        sql`(SELECT DISTINCT f.currency, f.added_on FROM foreign_rows AS f
          WHERE f.base_cost_currency IS DISTINCT FROM ${base}::text)`,
      )} AS found
    )
    SELECT f.added_on, f.is_income, coalesce(s.category, f.category) AS category, f.account_id,
      f.currency, coalesce(s.amount_cents, f.cost_cents) AS cost_cents,
      CASE WHEN f.base_cost_currency = ${base}::text AND s.id IS NULL THEN f.base_cost_cents
        WHEN f.base_cost_currency = ${base}::text THEN ${convertedCents(
          sql`s.amount_cents`,
          sql`(f.base_cost_cents::numeric / f.cost_cents)`,
          base,
        )}
        ELSE ${convertedCents(sql`coalesce(s.amount_cents, f.cost_cents)`, sql`dr.rate`, base)}
      END AS base_cents,
      coalesce(s.position, 0) = 0 AS first_part
    FROM foreign_rows AS f
    LEFT JOIN transaction_splits AS s ON s.transaction_id = f.id
    LEFT JOIN day_rates AS dr ON dr.currency = f.currency AND dr.added_on = f.added_on
  )`;
}

/**
 * A household's income and expense per day, kind and category in `base` over [from, to], as a FROM
 * item with the columns added_on, is_income, category, cents and missing (how many rows no rate
 * converts): the kept daily totals (a few rows a day, every row as stored), and one correction
 * row per transaction in another currency (its base amount instead of its stored one).
 */
export function dayTotalsInBase(
  householdId: HouseholdRef,
  base: string,
  window: { from: unknown; to: unknown },
): SQL {
  return sql`(
    SELECT d.added_on, d.is_income, d.category, d.sum_cents AS cents, 0 AS missing
    FROM transaction_daily_totals AS d
    WHERE d.household_id = ${householdId}::uuid AND d.added_on BETWEEN ${window.from}::date AND ${window.to}::date
    UNION ALL
    SELECT f.added_on, f.is_income, f.category, coalesce(f.base_cents, 0) - f.cost_cents,
      (f.base_cents IS NULL AND f.first_part)::int
    FROM ${foreignRows(householdId, base, window)} AS f
  )`;
}

/**
 * The transactions of one account, or those one member entered, or both, over [from, to] in
 * `base`, one row each, as a FROM item with the columns added_on, is_income, category, name,
 * cents (0 without a rate) and missing: reports filtered so read the rows
 * (transactions_account_list_idx for an account), not the household's kept totals.
 */
export function selectedRowsInBase(
  householdId: HouseholdRef,
  only: { accountId?: string | undefined; createdBy?: string | undefined },
  base: string,
  window: { from: unknown; to: unknown },
): SQL {
  const account = only.accountId ? sql` AND t.account_id = ${only.accountId}::uuid` : sql``;
  const author = only.createdBy ? sql` AND t.created_by = ${only.createdBy}::uuid` : sql``;
  // A split transaction is one row per part, in its category, converted on its own (as
  // foreignRows); only its first part counts towards `missing`.
  const partAmount = sql`CASE WHEN t.currency = ${base}::text THEN s.amount_cents
    WHEN t.base_cost_currency = ${base}::text THEN ${convertedCents(
      sql`s.amount_cents`,
      sql`(t.base_cost_cents::numeric / t.cost_cents)`,
      base,
    )}
    ELSE ${convertedCents(sql`s.amount_cents`, sql`r.rate`, base)} END`;
  const amount = sql`CASE WHEN s.id IS NULL THEN ${transactionAmountIn('t', base)} ELSE ${partAmount} END`;
  return sql`(
    SELECT t.added_on, t.is_income, coalesce(s.category, t.category) AS category, t.name,
      coalesce(${amount}, 0) AS cents,
      (${amount} IS NULL AND coalesce(s.position, 0) = 0)::int AS missing
    FROM transactions AS t
    LEFT JOIN LATERAL ${transactionRate('t', base)} AS r ON true
    LEFT JOIN transaction_splits AS s ON s.transaction_id = t.id
    WHERE t.household_id = ${householdId}::uuid${account}${author}
      AND t.added_on BETWEEN ${window.from}::date AND ${window.to}::date
  )`;
}
