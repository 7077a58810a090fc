import { TOAST_AUTO_CLOSE_MS } from '@moneta/shared/limits';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastContainer } from 'react-toastify';
import { OfflineBanner } from '@/components/OfflineBanner';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { useTheme } from '@/hooks/use-theme';
import { LocaleSync } from '@/lib/i18n/locale-sync';
import { initTheme } from '@/lib/theme';

/** Alt+T moves focus to the notifications (docs/architecture.md, Product rules). */
const isToastHotKey = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

export function AppProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const { theme } = useTheme();
  const { t } = useTranslation();
  useEffect(() => initTheme(), []);

  return (
    <QueryClientProvider client={queryClient}>
      <LocaleSync />
      <OfflineBanner />
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
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
    </QueryClientProvider>
  );
}
