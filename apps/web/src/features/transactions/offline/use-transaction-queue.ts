import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { categoryDisplayName } from '@/lib/categories/category-name';
import { runningI18n } from '@/lib/i18n/current';
import { invalidateFamilies } from '@/lib/query-keys';
import { refreshAfter } from '@/lib/refresh-after';
import {
  flushTransactionQueue,
  queueSnapshot,
  subscribeToQueue,
  type QueuedTransaction,
} from './transaction-queue';

/** The signed-in user's transactions waiting on this device, oldest first. */
export function usePendingTransactions(): QueuedTransaction[] {
  const { user } = useUser();
  const raw = useSyncExternalStore(subscribeToQueue, queueSnapshot, () => '[]');
  return useMemo(() => {
    if (!user) return [];
    try {
      const queue = JSON.parse(raw) as QueuedTransaction[];
      return queue.filter((entry) => entry.userId === user._id);
    } catch {
      return [];
    }
  }, [raw, user]);
}

/**
 * Sends the queued transactions at the start of a session and whenever the device comes back
 * online; then refreshes what they change, and says what happened.
 */
export function useTransactionQueueSync(): void {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const userId = user?._id;

  useEffect(() => {
    if (!userId) return;
    const id = userId;
    async function flush() {
      if (!navigator.onLine) return;
      const { sent, refused } = await flushTransactionQueue(id);
      if (sent.length === 0 && refused.length === 0) return;
      await invalidateFamilies(queryClient, refreshAfter.transactionSave);
      if (sent.length > 0) {
        toast.success(runningI18n().t('transactions:offlineQueue.sent', { count: sent.length }));
      }
      for (const { entry, error } of refused) {
        toast.error(
          runningI18n().t('transactions:offlineQueue.refused', {
            name: entry.input.name || categoryDisplayName(entry.input.category),
            reason: errorMessage(error, error.message),
          }),
        );
      }
    }
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, queryClient]);
}
