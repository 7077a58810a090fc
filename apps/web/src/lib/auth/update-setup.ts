import type { User } from '@moneta/shared/auth-schemas';
import type { CurrencyCode } from '@moneta/shared/currencies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from './get-user';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Completes the first-time setup; also how the currency and the time zone are changed later
 * (Settings → Preferences). Without a time zone, the browser's is sent.
 */
export function updateSetup({
  defaultCurrency,
  timeZone = browserTimeZone(),
}: {
  defaultCurrency: CurrencyCode;
  timeZone?: string | undefined;
}): Promise<User> {
  return api.put<User>('/auth/setup', { defaultCurrency, timeZone });
}

export function useUpdateSetup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetup,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      onSuccess?.(user);
    },
  });
}
