import type { QueryClient } from '@tanstack/react-query';
import { importsQueryOptions } from '@/features/imports/api/get-imports';
import { ImportPage } from '@/features/imports/components/ImportPage';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';

export function ImportRoute() {
  return <ImportPage />;
}

/** The past imports and the accounts a file goes into: what the upload step shows. */
export function prefetch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(importsQueryOptions()),
    queryClient.prefetchQuery(accountsQueryOptions()),
  ]);
}
