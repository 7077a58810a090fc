import { RATE_LOOKBACK_DAYS, type RateSource } from '@moneta/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { convertedCents } from '../../db/base-amount-sql';
import { exchangeRateAt } from '../../db/exchange-rate-sql';
import type { HouseholdId } from '../households/household-id';
import { userExchangeRates } from '../../db/schema';

/** One day's rate of a currency in base units: the ECB's that very day, the user's own. */
export interface DayRateRow {
  currency: string;
  date: string;
  ecbRate: string | null;
  ownRate: string | null;
}

/** What the lookup found: base units per unit, the day it is of, and where it comes from. */
export interface FoundRate {
  rate: string;
  rateDate: string;
  source: Exclude<RateSource, 'none'>;
}

/** The ECB's rate of `currency` in `base` units on exactly `day` (through the euro), or NULL. */
const ecbRateOn = (currency: unknown, base: unknown, day: unknown) => sql`
  trim_scale(CASE WHEN ${base}::text = 'EUR' THEN 1
        ELSE (SELECT rate FROM exchange_rates WHERE currency = ${base}::text AND date = ${day}) END
   / CASE WHEN ${currency}::text = 'EUR' THEN 1
        ELSE (SELECT rate FROM exchange_rates WHERE currency = ${currency}::text AND date = ${day}) END)`;

/**
 * A household's own rates (`user_exchange_rates`) and the reads of rates for one household:
 * every function takes the household's id and scopes by it.
 */
export function createRatesRepository(db: Executor) {
  return {
    /** Sets the household's own rate of `currency` in `baseCurrency` units on `date` (replacing it). */
    async upsertOwn(
      householdId: HouseholdId,
      userId: string,
      values: { currency: string; baseCurrency: string; date: string; rate: number },
    ): Promise<void> {
      await db
        .insert(userExchangeRates)
        .values({ householdId, userId, ...values, rate: String(values.rate) })
        .onConflictDoUpdate({
          target: [
            userExchangeRates.householdId,
            userExchangeRates.currency,
            userExchangeRates.baseCurrency,
            userExchangeRates.date,
          ],
          set: { rate: String(values.rate), updatedAt: sql`now()` },
        });
    },

    /** Deletes the household's own rate of that pair and day; false when it had none. */
    async deleteOwn(
      householdId: HouseholdId,
      key: { currency: string; baseCurrency: string; date: string },
    ): Promise<boolean> {
      const deleted = await db
        .delete(userExchangeRates)
        .where(
          and(
            eq(userExchangeRates.householdId, householdId),
            eq(userExchangeRates.currency, key.currency),
            eq(userExchangeRates.baseCurrency, key.baseCurrency),
            eq(userExchangeRates.date, key.date),
          ),
        )
        .returning({ date: userExchangeRates.date });
      return deleted.length > 0;
    },

    /**
     * Each day from `from` to `to` on which `currencies` have a rate in `baseCurrency` units,
     * the ECB's that day or the household's own: newest day first, then by code.
     */
    async listDays(
      householdId: HouseholdId,
      filter: { currencies: string[]; baseCurrency: string; from: string; to: string },
    ): Promise<DayRateRow[]> {
      const result = await db.execute<{
        currency: string;
        date: string;
        ecb_rate: string | null;
        own_rate: string | null;
      }>(sql`
        SELECT day.currency, day.date::text AS date, day.ecb_rate::text, own.rate::text AS own_rate
        FROM (
          SELECT wanted.currency, d::date AS date,
            ${ecbRateOn(sql`wanted.currency`, filter.baseCurrency, sql`d::date`)} AS ecb_rate
          FROM unnest(${`{${filter.currencies.join(',')}}`}::text[]) AS wanted(currency)
          CROSS JOIN generate_series(${filter.from}::date, ${filter.to}::date, interval '1 day') AS d
        ) AS day
        LEFT JOIN user_exchange_rates own
          ON own.household_id = ${householdId} AND own.currency = day.currency
          AND own.base_currency = ${filter.baseCurrency} AND own.date = day.date
        WHERE day.ecb_rate IS NOT NULL OR own.rate IS NOT NULL
        ORDER BY day.date DESC, day.currency`);
      return result.rows.map((row) => ({
        currency: row.currency,
        date: row.date,
        ecbRate: row.ecb_rate,
        ownRate: row.own_rate,
      }));
    },

    /**
     * The rate of `currency` in `baseCurrency` units on `day` as the reads convert with it
     * (the SQL lookup, src/db/exchange-rate-sql.ts): the day's, else the latest earlier day
     * within `maxDays` (null: any age), the household's own winning on its day; undefined for none.
     */
    async lookup(
      householdId: HouseholdId,
      currency: string,
      baseCurrency: string,
      day: string,
      maxDays: number | null = RATE_LOOKBACK_DAYS,
    ): Promise<FoundRate | undefined> {
      const result = await db.execute<{ rate: string; rate_date: string; source: string }>(
        sql`SELECT rate::text, rate_date::text, source
            FROM ${exchangeRateAt(householdId, currency, baseCurrency, day, maxDays)}`,
      );
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        rate: row.rate,
        rateDate: row.rate_date,
        source: row.source as FoundRate['source'],
      };
    },

    /**
     * `cents` of `from` in `to` at the day's rate, rounded to `to`'s minor unit as every read
     * converts (src/db/base-amount-sql.ts); undefined when no rate is known within the lookback.
     */
    async convert(
      householdId: HouseholdId,
      cents: number,
      from: string,
      to: string,
      day: string,
    ): Promise<number | undefined> {
      if (from === to) return cents;
      const result = await db.execute<{ cents: string | number }>(
        sql`SELECT ${convertedCents(sql`${cents}::bigint`, sql`r.rate`, to)} AS cents
            FROM ${exchangeRateAt(householdId, from, to, day)} AS r`,
      );
      const row = result.rows[0];
      return row ? Number(row.cents) : undefined;
    },
  };
}

export type RatesRepository = ReturnType<typeof createRatesRepository>;
