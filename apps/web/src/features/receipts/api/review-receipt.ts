import type { ReceiptReview, ReviewedReceipt } from '@moneta/shared/receipt-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';

export type ReviewReceiptInput = { id: string; review: ReceiptReview };

/** Confirms or corrects a receipt's reading; the server updates its expense along with it. */
export function reviewReceipt({ id, review }: ReviewReceiptInput): Promise<ReviewedReceipt> {
  return api.put<ReviewedReceipt>(`/receipts/${encodeURIComponent(id)}`, review);
}

/**
 * The corrected expense moves what the upload did (lists, totals, charts, budgets), and a
 * category typed in may be a new one of the user's own.
 */
export function useReviewReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewReceipt,
    onSuccess: () => invalidateFamilies(queryClient, refreshAfter.receiptWrite),
  });
}
