import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { registerQueryOptions } from '@/features/accounts/api/get-register';
import { AccountRegisterPage } from '@/features/accounts/components/AccountRegisterPage';
import { paths } from '@/config/paths';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';

export function AccountRoute() {
  return <AccountRegisterPage />;
}

/** The accounts and the first page of this account's register: what the first render reads. */
export function prefetch(queryClient: QueryClient) {
  const accountId = matchPath(paths.account, window.location.pathname)?.params.accountId;
  return Promise.all([
    queryClient.prefetchQuery(accountsQueryOptions()),
    accountId && queryClient.prefetchQuery(registerQueryOptions(accountId, 1)),
  ]);
}
