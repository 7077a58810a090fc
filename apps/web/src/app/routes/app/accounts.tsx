import type { QueryClient } from '@tanstack/react-query';
import { AccountsPage } from '@/features/accounts/components/AccountsPage';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';

export function AccountsRoute() {
  return <AccountsPage />;
}

/** The accounts with their balances: what the page shows. */
export function prefetch(queryClient: QueryClient) {
  return queryClient.prefetchQuery(accountsQueryOptions());
}
