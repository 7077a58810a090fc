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

/** The sum of every account's balance, archived ones included: what the user owns. */
export function netWorth(accounts: readonly Account[]): number {
  // Cents, so that adding many decimals never drifts (0.1 + 0.2).
  return accounts.reduce((sum, account) => sum + Math.round(account.balance * 100), 0) / 100;
}
