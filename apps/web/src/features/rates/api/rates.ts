import type { Rate, RateInput } from '@moneta/shared/rate-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies, queryKeys } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

/**
 * One currency's rates in the base currency over the 30 days ending on `to` (default today),
 * newest first: the ECB's of each business day and the user's own (docs/api.md, `GET /api/rates`).
 */
export function useRates(currency: string, to?: string) {
  return useQuery({
    queryKey: queryKeys.rates.list({ currency, ...(to ? { to } : {}) }),
    queryFn: () =>
      api.get<Rate[]>(
        `/rates?currency=${encodeURIComponent(currency)}${to ? `&to=${encodeURIComponent(to)}` : ''}`,
      ),
  });
}

/** Deletes the user's own rate of a day: the ECB's counts again. */
export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, date }: { currency: string; date: string }) =>
      api.delete<{ message: string }>(
        `/rates/${encodeURIComponent(currency)}/${encodeURIComponent(date)}`,
      ),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.rateWrite),
  });
}

/** Sets the user's own rate for a day; every list of rates is read again. */
export function useSetRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateInput) => api.put<Rate>('/rates', input),
    onSettled: () => invalidateFamilies(queryClient, refreshAfter.rateWrite),
  });
}
