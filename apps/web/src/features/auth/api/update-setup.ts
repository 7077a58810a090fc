import type { CurrencyCode, User } from '@moneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { browserTimeZone } from '@/lib/time-zone';
import { userQueryKey } from './get-user';

/** Completes the first-time setup; also how the default currency is changed later. */
export function updateSetup({ defaultCurrency }: { defaultCurrency: CurrencyCode }): Promise<User> {
  return api.put<User>('/auth/setup', { defaultCurrency, timeZone: browserTimeZone() });
}

export function useUpdateSetup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetup,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      onSuccess?.(user);
    },
  });
}
