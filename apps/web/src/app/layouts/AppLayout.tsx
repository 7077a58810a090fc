import { Suspense, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { ThemeToggle } from '@/components/ThemeToggle';
import { Button } from '@/components/ui/Button';
import { MenuIcon } from '@/components/ui/icons';
import { BrandLink } from '@/components/ui/Logo';
import { Spinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { CurrencyPicker } from '@/components/CurrencyPicker';
import { HouseholdSwitcher } from '@/features/households/components/HouseholdSwitcher';
import { useTransactionQueueSync } from '@/features/transactions/offline/use-transaction-queue';
import { useUser } from '@/lib/auth/get-user';
import { useHouseholds } from '@/lib/households/get-households';
import { useLiveChanges } from '@/lib/live-changes';
import { useLogout } from '@/lib/auth/use-logout';
import { MobileMenu } from './MobileMenu';
import { NAV_ITEMS } from './nav-items';

/** A viewer's writes are refused (403): said once above every page, before they try. */
function ViewerNotice() {
  const { t } = useTranslation('households');
  return (
    <p
      role="note"
      className="mb-6 rounded-lg border border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950/60 dark:text-sky-100"
    >
      {t('viewer.readOnly')}
    </p>
  );
}

const MAIN_CLASSES = 'mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6';

/** The protected area's frame: navigation bar (slide-in menu on small screens) and content. */
export function AppLayout() {
  const { t } = useTranslation();
  const { user } = useUser();
  const logout = useLogout();
  const menuId = useId();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  // The menu is built when first opened: every signed-in page would otherwise render its second
  // set of links and currency picker, hidden, before anything is drawn. Kept after, so that it
  // slides out.
  const [hasMenu, setHasMenu] = useState(false);
  const closeMenu = useCallback(() => setIsMenuOpen(false), []);
  // Transactions added offline go out at the start of a session and when back online.
  useTransactionQueueSync();
  // Another member's changes show without a reload. A household of one has no one else to
  // hear from, and holds no stream open on the server.
  const { active } = useHouseholds();
  useLiveChanges(active && active.memberCount > 1 ? active._id : undefined);

  function onLogout() {
    setIsMenuOpen(false);
    logout();
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow dark:focus:bg-neutral-900"
      >
        {t('shell.skipToContent')}
      </a>
      <header className="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/85 backdrop-blur dark:border-neutral-800/80 dark:bg-neutral-950/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 xl:gap-4 xl:max-2xl:h-auto xl:max-2xl:flex-wrap xl:max-2xl:gap-y-2 xl:max-2xl:py-3">
          {/*
            Ten items fit on one line from 1280 px with the mark alone; the name comes back from
            1536 px. Below 1280 px the menu holds them.
          */}
          <BrandLink wordClassName="xl:max-2xl:sr-only" />
          <nav aria-label={t('shell.mainNav')} className="hidden xl:block">
            <ul className="flex items-center gap-0.5">
              {NAV_ITEMS.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `rounded-lg px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors 2xl:px-3 ${
                        isActive
                          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                          : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900 dark:text-neutral-300 dark:hover:bg-neutral-800 dark:hover:text-white'
                      }`
                    }
                  >
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          {/*
            From 1280 px to 1536 px the navigation fills the bar: the household takes a line of
            its own under it, still in the sticky header.
          */}
          <HouseholdSwitcher className="ml-auto xl:max-2xl:order-last xl:max-2xl:flex xl:max-2xl:basis-full xl:max-2xl:justify-end" />
          <div className="hidden items-center gap-2 xl:flex xl:max-2xl:ml-auto">
            {/* Below 1280 px the navigation leaves no room for it: Settings holds it too. */}
            <CurrencyPicker className="hidden w-36 xl:block" />
            <ThemeToggle />
            <Button variant="secondary" size="sm" onClick={onLogout}>
              {t('shell.logout')}
            </Button>
          </div>
          <button
            type="button"
            onClick={() => {
              setHasMenu(true);
              setIsMenuOpen(true);
            }}
            aria-expanded={isMenuOpen}
            aria-controls={hasMenu ? menuId : undefined}
            aria-label={t('shell.openMenu')}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-neutral-700 hover:bg-neutral-100 xl:hidden dark:text-neutral-300 dark:hover:bg-neutral-800"
          >
            <MenuIcon className="size-6" />
          </button>
        </div>
      </header>
      {hasMenu ? (
        <MobileMenu
          id={menuId}
          isOpen={isMenuOpen}
          onClose={closeMenu}
          onLogout={onLogout}
          email={user?.email}
        />
      ) : null}
      {/*
        The footer appears with the page, not before it: shown under the loading spinner, it was
        pushed down when the page arrived (a layout shift).
      */}
      <Suspense
        fallback={
          <main id="main" tabIndex={-1} className={MAIN_CLASSES}>
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          </main>
        }
      >
        <main id="main" tabIndex={-1} className={MAIN_CLASSES}>
          {active?.role === 'viewer' ? <ViewerNotice /> : null}
          <Outlet />
        </main>
        <footer className="border-t border-neutral-200 dark:border-neutral-800">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-4 text-xs text-neutral-600 sm:px-6 dark:text-neutral-400">
            <p>{t('shell.footer')}</p>
            <Link to={paths.contact} className="hover:text-neutral-900 dark:hover:text-white">
              {t('shell.contact')}
            </Link>
          </div>
        </footer>
      </Suspense>
    </div>
  );
}
