import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ThemeToggle } from '@/components/ThemeToggle';
import { buttonClasses } from '@/components/ui/button-styles';
import { BrandLink } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { useLogout } from '@/lib/auth/use-logout';

function HeaderActions() {
  const { t } = useTranslation();
  const { user, isLoading } = useUser();
  const logout = useLogout();
  // Keeps the header from jumping while the stored session is being checked.
  if (isLoading) return <div className="h-9 w-36" aria-hidden="true" />;
  if (user) {
    return (
      <>
        <Link to={paths.dashboard} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          {t('nav.dashboard')}
        </Link>
        <button
          type="button"
          onClick={logout}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {t('shell.logout')}
        </button>
      </>
    );
  }
  return (
    <>
      <Link to={paths.login} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        {t('shell.login')}
      </Link>
      <Link to={paths.register} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
        {t('shell.signUp')}
      </Link>
    </>
  );
}

/** Header and footer of the public pages (landing, contact). */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/85 backdrop-blur dark:border-neutral-800/80 dark:bg-neutral-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          {/* Below 420 px the mark stands alone (the link keeps the name): with the theme
              toggle and two buttons, in German or Japanese or signed in, the word pushed the
              last button past a 360-px screen. */}
          <BrandLink className="mr-auto" wordClassName="max-[419px]:sr-only" />
          <nav aria-label={t('shell.mainNav')} className="hidden sm:block">
            <Link to={paths.contact} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              {t('shell.contact')}
            </Link>
          </nav>
          <ThemeToggle />
          <div className="flex items-center gap-1.5 sm:gap-2">
            <HeaderActions />
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="border-t border-neutral-200 dark:border-neutral-800">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-4 py-6 text-sm text-neutral-600 sm:flex-row sm:px-6 dark:text-neutral-400">
          <p>{t('shell.copyright', { year: new Date().getFullYear() })}</p>
          <nav aria-label={t('shell.footerNav')} className="flex gap-4">
            <Link to={paths.home} className="hover:text-neutral-900 dark:hover:text-white">
              {t('shell.home')}
            </Link>
            <Link to={paths.contact} className="hover:text-neutral-900 dark:hover:text-white">
              {t('shell.contact')}
            </Link>
            <Link to={paths.login} className="hover:text-neutral-900 dark:hover:text-white">
              {t('shell.signIn')}
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
