import type { QueryClient } from '@tanstack/react-query';
import { receiptsQueryOptions } from '@/features/receipts/api/get-receipts';
import { UploadReceiptPage } from '@/features/receipts/components/UploadReceiptPage';
import { accountsQueryOptions } from '@/lib/accounts/get-accounts';

export function ReceiptsRoute() {
  return <UploadReceiptPage />;
}

/** The receipts and the accounts their transactions go into: what the page shows. */
export function prefetch(queryClient: QueryClient) {
  return Promise.all([
    queryClient.prefetchQuery(receiptsQueryOptions()),
    queryClient.prefetchQuery(accountsQueryOptions()),
  ]);
}
