import { DEFAULT_CURRENCY, type CurrencyCode } from '@moneta/shared/currencies';
import { useUser } from './get-user';

/** The currency amounts are shown in: the user's default currency once known (SPEC §4). */
export function useCurrency(): CurrencyCode {
  const { user } = useUser();
  return user?.defaultCurrency ?? DEFAULT_CURRENCY;
}
