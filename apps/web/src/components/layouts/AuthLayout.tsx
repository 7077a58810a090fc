import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/ThemeToggle';
import { BrandLink } from '@/components/ui/Logo';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The centred card of the sign-in, sign-up and setup screens. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-emerald-50/60 to-neutral-50 dark:from-neutral-900 dark:to-neutral-950">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <BrandLink />
        <ThemeToggle />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-neutral-200 bg-white p-6 shadow-sm sm:p-8 dark:border-neutral-800 dark:bg-neutral-900">
            <div className="mb-6 text-center">
              <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
                {title}
              </h1>
              {subtitle ? (
                <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{subtitle}</p>
              ) : null}
            </div>
            {children}
          </div>
          {footer ? (
            <footer className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
              {footer}
            </footer>
          ) : null}
        </div>
      </main>
    </div>
  );
}
