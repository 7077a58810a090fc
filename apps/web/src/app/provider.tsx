import { TOAST_AUTO_CLOSE_MS } from '@moneta/shared/limits';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OfflineBanner } from '@/components/OfflineBanner';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useTheme } from '@/hooks/use-theme';
import { LocaleSync } from '@/lib/i18n/locale-sync';
import { initTheme } from '@/lib/theme';
import { loadToastify } from '@/lib/toast';

// Loaded after the first render, as the toasts themselves are (lib/toast.ts): no page needs it
// to be drawn, and a toast sent before it mounts waits for it.
const ToastContainer = lazy(async () => ({ default: (await loadToastify()).ToastContainer }));

/** Alt+T moves focus to the notifications (docs/architecture.md, Product rules). */
const isToastHotKey = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

/**
 * What every page is drawn in. TanStack Query's client is not here: only the signed-in pages
 * have it (app/query-client-route.tsx), so that the public pages are drawn without its code.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { theme } = useTheme();
  const { t } = useTranslation();
  useEffect(() => initTheme(), []);

  return (
    <>
      <LocaleSync />
      <OfflineBanner />
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
      <Suspense fallback={null}>
        <ToastContainer
          position="top-right"
          autoClose={TOAST_AUTO_CLOSE_MS}
          pauseOnHover
          pauseOnFocusLoss
          draggable
          draggablePercent={80}
          hotKeys={isToastHotKey}
          aria-label={t('notifications')}
          theme={theme}
        />
      </Suspense>
    </>
  );
}
