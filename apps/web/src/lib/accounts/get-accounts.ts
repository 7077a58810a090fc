import type { Account } from '@moneta/shared/account-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getAccounts(): Promise<Account[]> {
  return api.get<Account[]>('/accounts');
}

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accounts.list, queryFn: getAccounts });

/**
 * The user's accounts with their balances: open ones first, archived last (docs/architecture.md,
 * Accounts).
 */
export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/**
 * What the user owns in the base currency: the sum of every account's `baseBalance`, archived
 * ones included (docs/currencies.md). An account no rate converts is left out rather than counted
 * at a made-up rate, and named in `withoutRate` so that the page can say so.
 */
export function netWorth(accounts: readonly Account[]): {
  total: number;
  withoutRate: Account[];
} {
  const withoutRate = accounts.filter((account) => account.baseBalance === null);
  // Cents, so that adding many decimals never drifts (0.1 + 0.2).
  const cents = accounts.reduce(
    (sum, account) => sum + Math.round((account.baseBalance ?? 0) * 100),
    0,
  );
  return { total: cents / 100, withoutRate };
}
