import {
  currencyDecimals,
  ErrorCode,
  findCatalogueCurrency,
  hasAtMostDecimals,
  RATE_MESSAGES,
} from '@moneta/shared';
import { badRequest } from '../../http/app-error';

/**
 * The checks every amount in a currency passes (docs/currencies.md): the code is
 * one of the catalogue's, and the amount has no more decimals than the currency has (none for
 * JPY, ISK, KRW). The zod schemas check what does not depend on the currency (at most two
 * decimals); the services call these once they know which currency an amount is in.
 */

/** The code, when it is a currency of the catalogue; else a 400. */
export function knownCurrency(code: string): string {
  if (!findCatalogueCurrency(code))
    throw badRequest(RATE_MESSAGES.currencyInvalid, ErrorCode.VALIDATION);
  return code;
}

/** A 400 naming the limit when `amount` has more decimals than `currency` allows. */
export function assertCurrencyDecimals(amount: number, currency: string, field: string): void {
  const decimals = currencyDecimals(currency);
  if (hasAtMostDecimals(amount, decimals)) return;
  const allowed = decimals === 0 ? 'no decimals' : `at most ${decimals} decimals`;
  throw badRequest(`${field} in ${currency} can have ${allowed}.`, ErrorCode.VALIDATION);
}
