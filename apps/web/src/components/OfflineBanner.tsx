import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '@/hooks/use-online-status';

/**
 * Says so while the device is offline (docs/architecture.md, Web app): the app shell still opens
 * from the cache. An alert, announced as it appears, so that no empty live region waits on every
 * page.
 */
export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  const { t } = useTranslation();
  if (isOnline) return null;
  return (
    <p
      role="alert"
      className="bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      {t('offline')}
    </p>
  );
}
