import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { PublicLayout } from '../layouts/PublicLayout';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <title>{t('pages.notFound.title')}</title>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 dark:text-white">
          {t('pages.notFound.heading')}
        </h1>
        <p className="mt-3 text-neutral-600 dark:text-neutral-400">{t('pages.notFound.body')}</p>
        <Link to={paths.home} className={`${buttonClasses()} mt-8`}>
          {t('pages.notFound.back')}
        </Link>
      </div>
    </PublicLayout>
  );
}
