import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ThemeToggle } from '@/components/ThemeToggle';
import { buttonClasses } from '@/components/ui/button-styles';
import { BrandLink } from '@/components/ui/Logo';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { useLogout } from '@/lib/auth/use-logout';

function HeaderActions() {
  const { user, isLoading } = useUser();
  const logout = useLogout();
  // Keeps the header from jumping while the stored session is being checked.
  if (isLoading) return <div className="h-9 w-36" aria-hidden="true" />;
  if (user) {
    return (
      <>
        <Link to={paths.dashboard} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
          Dashboard
        </Link>
        <button
          type="button"
          onClick={logout}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Logout
        </button>
      </>
    );
  }
  return (
    <>
      <Link to={paths.login} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Login
      </Link>
      <Link to={paths.register} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
        Sign Up
      </Link>
    </>
  );
}

/** Header and footer of the public pages (landing, contact). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b border-neutral-200/80 bg-white/85 backdrop-blur dark:border-neutral-800/80 dark:bg-neutral-950/85">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
          <BrandLink className="mr-auto" />
          <nav aria-label="Main" className="hidden sm:block">
            <Link to={paths.contact} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Contact
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
          <p>© {new Date().getFullYear()} Moneta. Personal finance on your own server.</p>
          <nav aria-label="Footer" className="flex gap-4">
            <Link to={paths.home} className="hover:text-neutral-900 dark:hover:text-white">
              Home
            </Link>
            <Link to={paths.contact} className="hover:text-neutral-900 dark:hover:text-white">
              Contact
            </Link>
            <Link to={paths.login} className="hover:text-neutral-900 dark:hover:text-white">
              Sign in
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
