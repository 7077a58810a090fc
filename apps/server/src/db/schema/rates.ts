import { sql } from 'drizzle-orm';
import {
  check,
  date,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { householdId } from './households';
import { users } from './users';

/**
 * The European Central Bank's daily reference rates: units of `currency` per euro on `date`
 * (docs/currencies.md). Written only by the rates loader (domains/rates/rates-loader.ts), read by
 * the rate lookup `moneta_exchange_rate` (src/db/derived/exchange-rate-lookup.ts). Not a user's:
 * every user sees the same rates. The euro itself has no row (its rate is 1). Every write fires
 * exchange_rates_version_change (data-versions.ts). Watched by the
 * triggers that keep exchange_rate_days (src/db/derived/exchange-rate-days.ts).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate').notNull(),
  },
  (table) => [
    // The lookup's "latest on or before a day" is one backward scan of this key.
    primaryKey({ name: 'exchange_rates_pkey', columns: [table.currency, table.date] }),
    check(
      'exchange_rates_currency',
      sql`${table.currency} ~ '^[A-Z]{3}$' AND ${table.currency} <> 'EUR'`,
    ),
    check('exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/**
 * Derived from exchange_rates: for each currency and calendar day, the ECB rate the lookup uses
 * on that day — the day's own, else the latest within RATE_LOOKBACK_DAYS before it (weekends,
 * holidays) — and the day it is from; no row where none is that recent. Only the database writes
 * it, through the statement-level triggers on exchange_rates kept in
 * src/db/derived/exchange-rate-days.ts. It turns "the latest rate on or before a day" into an
 * equality: a converted total joins it on (currency, day) instead of searching backwards once
 * per day (docs/currencies.md).
 */
export const exchangeRateDays = pgTable(
  'exchange_rate_days',
  {
    currency: text('currency').notNull(),
    day: date('day').notNull(),
    rate: numeric('rate').notNull(),
    rateDate: date('rate_date').notNull(),
  },
  (table) => [
    primaryKey({ name: 'exchange_rate_days_pkey', columns: [table.currency, table.day] }),
  ],
);

/**
 * A household's own rate for a day (PUT /api/rates): units of `base_currency` (its base currency
 * when it was set) per unit of `currency`. It wins over the ECB's rate of that day for that
 * pair, either way round (docs/currencies.md). Every write fires
 * user_exchange_rates_data_version_* (data-versions.ts).
 */
export const userExchangeRates = pgTable(
  'user_exchange_rates',
  {
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    householdId: householdId(),
    currency: text('currency').notNull(),
    baseCurrency: text('base_currency').notNull(),
    date: date('date').notNull(),
    rate: numeric('rate').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'user_exchange_rates_pkey',
      columns: [table.householdId, table.currency, table.baseCurrency, table.date],
    }),
    check(
      'user_exchange_rates_pair',
      sql`${table.currency} ~ '^[A-Z]{3}$' AND ${table.baseCurrency} ~ '^[A-Z]{3}$' AND ${table.currency} <> ${table.baseCurrency}`,
    ),
    check('user_exchange_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);

export type UserExchangeRateRow = typeof userExchangeRates.$inferSelect;
