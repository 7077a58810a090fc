import type { CurrencyCode, User } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { browserTimeZone } from '@/lib/time-zone';

/** Completes the first-time setup; also how the default currency is changed later. */
export function updateSetup({ defaultCurrency }: { defaultCurrency: CurrencyCode }): Promise<User> {
  return api.put<User>('/auth/setup', { defaultCurrency, timeZone: browserTimeZone() });
}

export function useUpdateSetup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetup,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.user, user);
      onSuccess?.(user);
    },
  });
}
