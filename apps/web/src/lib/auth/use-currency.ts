import { DEFAULT_CURRENCY, type CurrencyCode } from '@moneta/shared/currencies';
import { useUser } from './get-user';

/**
 * The currency amounts are shown in: the user's default currency once known (docs/architecture.md,
 * Product rules).
 */
export function useCurrency(): CurrencyCode {
  const { user } = useUser();
  return user?.defaultCurrency ?? DEFAULT_CURRENCY;
}
