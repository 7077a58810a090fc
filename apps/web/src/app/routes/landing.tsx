import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { DashboardPreview } from '@/features/landing/components/DashboardPreview';
import { FeatureCards } from '@/features/landing/components/FeatureCards';
import { useUser } from '@/lib/auth/get-user';
import { PublicLayout } from '../layouts/PublicLayout';

function HeroAction() {
  const { user, isLoading } = useUser();
  const { t } = useTranslation();
  if (isLoading) return <div className="h-12" aria-hidden="true" />;
  return user ? (
    <Link to={paths.dashboard} className={buttonClasses({ size: 'lg' })}>
      {t('pages.landing.goToDashboard')}
    </Link>
  ) : (
    <Link to={paths.register} className={buttonClasses({ size: 'lg' })}>
      {t('pages.landing.getStarted')}
    </Link>
  );
}

export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <title>{t('pages.landing.title')}</title>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[32rem] bg-gradient-to-b from-emerald-100/70 via-indigo-50/40 to-transparent dark:from-emerald-950/40 dark:via-indigo-950/20"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:pt-24">
          <div>
            <p className="inline-flex items-center rounded-full border border-emerald-200 bg-white/70 px-3 py-1 text-xs font-medium text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-300">
              {t('pages.landing.badge')}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight text-balance text-neutral-900 sm:text-5xl dark:text-white">
              {t('pages.landing.heading')}
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-8 text-neutral-600 dark:text-neutral-300">
              {t('pages.landing.intro')}
            </p>
            <div className="mt-8 flex flex-wrap items-center gap-3">
              <HeroAction />
              <Link
                to={paths.contact}
                className={buttonClasses({ variant: 'secondary', size: 'lg' })}
              >
                {t('pages.landing.contact')}
              </Link>
            </div>
          </div>
          <DashboardPreview />
        </div>
      </section>
      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <div className="mb-10 max-w-2xl">
          <h2
            id="features-heading"
            className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl dark:text-white"
          >
            {t('pages.landing.featuresHeading')}
          </h2>
          <p className="mt-3 text-neutral-600 dark:text-neutral-400">
            {t('pages.landing.featuresIntro')}
          </p>
        </div>
        <FeatureCards />
      </section>
    </PublicLayout>
  );
}
