import { isSupportedLocale } from '@moneta/shared/locales';
import { useEffect } from 'react';
import { useUser } from '@/lib/auth/get-user';
import { currentLocale, switchLocale } from './current';

/**
 * Shows the interface in the signed-in user's locale, as the server remembers it, from the first
 * answer on and whenever it changes (Settings, another device). Before setup the browser's
 * language stays, so that the setup page is in it and offers it first.
 */
export function LocaleSync() {
  const { user } = useUser();
  const locale = user?.isSetupComplete ? user.locale : undefined;
  useEffect(() => {
    if (!isSupportedLocale(locale) || locale === currentLocale()) return;
    void switchLocale(locale);
  }, [locale]);
  return null;
}
