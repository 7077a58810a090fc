import type { ReactNode } from 'react';

type ContentLayoutProps = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
};

/** A protected page: its title (the page's one h1), optional actions, then the content. */
export function ContentLayout({ title, description, actions, children }: ContentLayoutProps) {
  return (
    <>
      <title>{`${title} · Moneta`}</title>
      {/*
        The actions align with the title's top, not its bottom: so the title is where the page's
        HTML frame drew it (build/page-shell.ts), whether the page's actions are taller or not.
      */}
      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl dark:text-white">
            {title}
          </h1>
          {description ? (
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
          ) : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </>
  );
}
