import {
  CURRENCY_CATALOGUE,
  DEFAULT_RATE_DAYS,
  ErrorCode,
  MAX_RATE_DAYS,
  RATE_LOOKBACK_DAYS,
  addDays,
  isCatalogueCurrency,
  isRateDate,
  toDayNumber,
  todayIn,
  type CurrencyDto,
  type Rate,
  type RateKeyParams,
  type RateListQuery,
  type ValidRateInput,
} from '@moneta/shared';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../http/app-error';
import type { ActiveHousehold, HouseholdId } from '../households/household-id';
import { toRateDto } from './rate-dto';
import { createRatesRepository, type FoundRate } from './rates-repository';

export function createRatesService(db: Database, options: { now?: () => Date } = {}) {
  const rates = createRatesRepository(db);
  const now = options.now ?? (() => new Date());

  return {
    currencies(): CurrencyDto[] {
      return [...CURRENCY_CATALOGUE];
    },

    /**
     * Each day of the window (default: the 30 days ending today in the household's time zone) on
     * which the currency (default: every one but the household's base) has a rate in base units.
     */
    async list(household: ActiveHousehold, query: RateListQuery): Promise<Rate[]> {
      const baseCurrency = household.baseCurrency;
      const to =
        query.to ??
        (query.from
          ? addDays(query.from, DEFAULT_RATE_DAYS - 1)
          : todayIn(household.timeZone, now()));
      const from = query.from ?? addDays(to, -(DEFAULT_RATE_DAYS - 1));
      if (toDayNumber(to) - toDayNumber(from) + 1 > MAX_RATE_DAYS) {
        throw badRequest(
          `The window of rates can be at most ${MAX_RATE_DAYS} days.`,
          ErrorCode.WINDOW_TOO_LONG,
        );
      }
      const currencies = (
        query.currency ? [query.currency] : CURRENCY_CATALOGUE.map((c) => c.code)
      ).filter((code) => code !== baseCurrency);
      if (currencies.length === 0) return [];
      const rows = await rates.listDays(household.id, { currencies, baseCurrency, from, to });
      return rows.map((row) => toRateDto(row, baseCurrency));
    },

    /** Sets the household's own rate of a currency in its base currency for one day. */
    async setOwn(household: ActiveHousehold, userId: string, input: ValidRateInput): Promise<Rate> {
      const baseCurrency = household.baseCurrency;
      if (input.currency === baseCurrency) {
        throw badRequest(
          `${baseCurrency} is your base currency: its rate is always 1.`,
          ErrorCode.RATE_FOR_BASE_CURRENCY,
        );
      }
      await rates.upsertOwn(household.id, userId, { ...input, baseCurrency });
      const [row] = await rates.listDays(household.id, {
        currencies: [input.currency],
        baseCurrency,
        from: input.date,
        to: input.date,
      });
      return toRateDto(row!, baseCurrency);
    },

    /**
     * Deletes the household's own rate of a currency in its base currency for a day: the ECB's
     * counts again. Another household's rate, or none, is not found.
     */
    async removeOwn(household: ActiveHousehold, key: RateKeyParams): Promise<void> {
      const isKey = isCatalogueCurrency(key.currency) && isRateDate(key.date);
      const isDeleted =
        isKey &&
        (await rates.deleteOwn(household.id, { ...key, baseCurrency: household.baseCurrency }));
      if (!isDeleted) {
        throw notFound(
          `You have no rate of your own for ${key.currency} on ${key.date}.`,
          ErrorCode.RATE_NOT_FOUND,
        );
      }
    },

    /**
     * The rate the reads convert with (docs/currencies.md): `currency` in `baseCurrency` units on
     * `day`, the latest within `maxDays` (null: any age); undefined when there is none.
     */
    lookup(
      householdId: HouseholdId,
      currency: string,
      baseCurrency: string,
      day: string,
      maxDays: number | null = RATE_LOOKBACK_DAYS,
    ): Promise<FoundRate | undefined> {
      return rates.lookup(householdId, currency, baseCurrency, day, maxDays);
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
