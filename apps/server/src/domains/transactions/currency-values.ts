import {
  ErrorCode,
  toStoredHundredths,
  type ValidTransactionInput,
  type ValidTransactionUpdate,
} from '@moneta/shared';
import { badRequest, sessionExpired } from '../../http/app-error';
import { accountNotFound } from '../accounts/accounts-service';
import { assertCurrencyDecimals, knownCurrency } from '../rates/currency-rules';
import type { DomainReaders } from './domain-readers';
import type { TransactionValues } from './transactions-repository';
import type { HouseholdId } from '../households/household-id';

/** The currency columns of a write, checked (docs/currencies.md). */
type CurrencyValues = Pick<TransactionValues, 'currency' | 'baseCostCents' | 'baseCostCurrency'>;

/**
 * The currency of a transaction being written and what the bank charged in the base currency,
 * checked: a known code (default: the stored one on update, else the account's), a cost with no
 * more decimals than that currency has, and `baseCost` only for an amount in another currency
 * than the base (null clears it; left out on an update it stays, unless the currency becomes the
 * base). Returns the columns to write; undefined ones stay as stored.
 */
export async function currencyValues(
  readers: DomainReaders,
  householdId: HouseholdId,
  input: ValidTransactionInput | ValidTransactionUpdate,
  stored?: { currency: string },
): Promise<{ values: CurrencyValues; base: string }> {
  const base = await readers.baseCurrencyOf(householdId);
  // A household deleted since the request's membership was checked (another server's).
  if (base === undefined) throw sessionExpired();
  const currency = input.currency
    ? knownCurrency(input.currency)
    : (stored?.currency ?? (await readers.accountCurrencyOf(householdId, input.accountId)));
  if (!currency) throw accountNotFound();
  assertCurrencyDecimals(input.cost, currency, 'The cost');
  const values: CurrencyValues = { currency };
  if (input.baseCost === null || (input.baseCost === undefined && currency === base)) {
    values.baseCostCents = null;
    values.baseCostCurrency = null;
  } else if (input.baseCost !== undefined) {
    if (currency === base) {
      throw badRequest(
        `baseCost is only for an amount in another currency than your base currency (${base}).`,
        ErrorCode.VALIDATION,
      );
    }
    assertCurrencyDecimals(input.baseCost, base, 'What the bank charged');
    values.baseCostCents = toStoredHundredths(input.baseCost);
    values.baseCostCurrency = base;
  }
  return { values, base };
}
