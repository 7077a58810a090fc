import type { User } from '@moneta/shared/auth-schemas';
import type { SupportedLocale } from '@moneta/shared/locales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { knownUser, setSessionUser } from './get-user';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * Completes the first-time setup; also how the currency, the time zone and the locale are changed
 * later (Settings → Preferences). Without a time zone, the browser's is sent; without a locale,
 * the user's stays as it is.
 */
export function updateSetup({
  defaultCurrency,
  timeZone = browserTimeZone(),
  locale,
}: {
  defaultCurrency: string;
  timeZone?: string | undefined;
  locale?: SupportedLocale | undefined;
}): Promise<User> {
  return api.put<User>('/auth/setup', { defaultCurrency, timeZone, ...(locale ? { locale } : {}) });
}

export function useUpdateSetup({ onSuccess }: { onSuccess?: (user: User) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetup,
    onSuccess: (user) => {
      const before = knownUser();
      setSessionUser(user);
      // Every total, chart, budget and balance in the base currency is converted by the server
      // on read: another base makes each cached answer wrong, whatever the family.
      if (before && before.defaultCurrency !== user.defaultCurrency) {
        void queryClient.invalidateQueries();
      }
      onSuccess?.(user);
    },
  });
}
