import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';

/** Shown when a page fails to load (a new deployment replaced its chunk) or crashes. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-4 text-center">
      <title>{t('pages.routeError.title')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        {t('pages.routeError.heading')}
      </h1>
      <p className="mt-3 text-neutral-600 dark:text-neutral-400">{t('pages.routeError.body')}</p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        {t('pages.routeError.reload')}
      </Button>
    </main>
  );
}
