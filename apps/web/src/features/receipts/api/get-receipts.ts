import type { Receipt } from '@moneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const receiptsQueryKey = ['receipts', 'list'] as const;

/** The signed file URLs expire after 15 minutes; fresh ones come well before that. */
const FILE_URL_REFRESH_MS = 10 * 60_000;

/** The user's receipts, newest first, each with a short-lived signed URL of its file. */
export function getReceipts(): Promise<Receipt[]> {
  return api.get<Receipt[]>('/receipts');
}

export const receiptsQueryOptions = () =>
  queryOptions({
    queryKey: receiptsQueryKey,
    queryFn: getReceipts,
    // Refetched on every visit (an expense may have been deleted elsewhere, URLs age).
    staleTime: 0,
    refetchInterval: FILE_URL_REFRESH_MS,
  });

export function useReceipts() {
  return useQuery(receiptsQueryOptions());
}
