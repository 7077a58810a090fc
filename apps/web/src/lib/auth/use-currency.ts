import { DEFAULT_CURRENCY } from '@moneta/shared/currencies';
import { useUser } from './get-user';

/**
 * The base currency: the user's default currency once known (docs/architecture.md, Product
 * rules). Totals, charts, budgets and net worth are in it; an account or a transaction may hold
 * another one (docs/currencies.md), shown with its own code.
 */
export function useCurrency(): string {
  const { user } = useUser();
  return user?.defaultCurrency ?? DEFAULT_CURRENCY;
}
