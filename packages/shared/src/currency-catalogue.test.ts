import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
import {
  CURRENCY_CATALOGUE,
  findCatalogueCurrency,
  isCatalogueCurrency,
} from './currency-catalogue';
import { currencyDecimals, fromMinorUnits, toMinorUnits } from './money';

/** Every column of the ECB's eurofxref-hist.csv (1999–2026), today's currencies and former ones. */
const ECB_CODES =
  'USD JPY BGN CYP CZK DKK EEK GBP HUF LTL LVL MTL PLN ROL RON SEK SIT SKK CHF ISK NOK HRK RUB TRL TRY AUD BRL CAD CNY HKD IDR ILS INR KRW MXN MYR NZD PHP SGD THB ZAR'.split(
    ' ',
  );

/**
 * ISO 4217 minor units (the current list, and the historic list for the currencies the euro or a
 * redenomination replaced: TRL had none). Written out, not taken from Intl: Intl says 0 for HUF
 * and IDR.
 */
const ISO_4217_ZERO_DIGITS = new Set(['JPY', 'ISK', 'KRW', 'TRL']);

describe('the currency catalogue', () => {
  it('holds the seven original currencies first, unchanged, then every ECB currency once', () => {
    expect(CURRENCY_CATALOGUE.slice(0, 7)).toEqual(
      CURRENCIES.map(({ code, name, symbol, decimals }) => ({ code, name, symbol, decimals })),
    );
    const codes = CURRENCY_CATALOGUE.map((currency) => currency.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...new Set([...ECB_CODES, 'EUR'])].sort());
    for (const code of codes) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it("gives every currency ISO 4217's minor-unit digits (JPY, ISK, KRW: 0; HUF, IDR: 2)", () => {
    for (const { code, decimals } of CURRENCY_CATALOGUE) {
      expect([code, decimals]).toEqual([code, ISO_4217_ZERO_DIGITS.has(code) ? 0 : 2]);
      expect([code, currencyDecimals(code)]).toEqual([code, decimals]);
    }
    // Where Intl disagrees with ISO 4217, the catalogue keeps ISO's.
    const intlDigits = (code: string) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits;
    expect(intlDigits('HUF')).toBe(0);
    expect(currencyDecimals('HUF')).toBe(2);
    expect(toMinorUnits(12.34, 'HUF')).toBe(1234);
    expect(toMinorUnits(15000, 'IDR')).toBe(1_500_000);
    expect(fromMinorUnits(1740, 'KRW')).toBe(1740);
    expect(toMinorUnits(143, 'ISK')).toBe(143);
  });

  it("takes the names and symbols of the ECB's currencies from Intl (English, narrow symbol)", () => {
    const names = new Intl.DisplayNames('en', { type: 'currency' });
    const original = new Set<string>(CURRENCIES.map((currency) => currency.code));
    for (const { code, name, symbol } of CURRENCY_CATALOGUE) {
      if (original.has(code)) continue;
      const narrow = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: code,
        currencyDisplay: 'narrowSymbol',
      })
        .formatToParts(1)
        .find((part) => part.type === 'currency')?.value;
      expect([code, name, symbol]).toEqual([code, names.of(code), narrow]);
    }
  });

  it('finds a currency by its exact code only', () => {
    expect(findCatalogueCurrency('CHF')).toEqual({
      code: 'CHF',
      name: 'Swiss Franc',
      symbol: 'CHF',
      decimals: 2,
    });
    expect(isCatalogueCurrency('EUR')).toBe(true);
    expect(isCatalogueCurrency('eur')).toBe(false);
    expect(isCatalogueCurrency('XXX')).toBe(false);
    expect(isCatalogueCurrency('constructor')).toBe(false);
    expect(isCatalogueCurrency(42)).toBe(false);
  });
});
