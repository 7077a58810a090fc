import type { Receipt } from '@moneta/shared/receipt-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed file URLs expire after 15 minutes; fresh ones come well before that. */
const FILE_URL_REFRESH_MS = 10 * 60_000;

/** The user's receipts, newest first, each with a short-lived signed URL of its file. */
export function getReceipts(): Promise<Receipt[]> {
  return api.get<Receipt[]>('/receipts');
}

export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.receipts.list,
    queryFn: getReceipts,
    refetchInterval: FILE_URL_REFRESH_MS,
  });

export function useReceipts() {
  return useQuery(receiptsQueryOptions());
}
