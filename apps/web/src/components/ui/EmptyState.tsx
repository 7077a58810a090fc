import type { ReactNode } from 'react';

type EmptyStateProps = {
  /** What is missing, in a line of its own. */
  title?: string;
  /** Why, or what to do next. */
  children?: ReactNode;
};

/** What a page's list shows when it holds nothing. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="rounded-2xl border border-dashed border-neutral-300 bg-white px-6 py-12 text-center dark:border-neutral-700 dark:bg-neutral-900">
      {title ? <p className="font-medium text-neutral-900 dark:text-white">{title}</p> : null}
      {children ? (
        <p className={`text-sm text-neutral-600 dark:text-neutral-400 ${title ? 'mt-1' : ''}`}>
          {children}
        </p>
      ) : null}
    </div>
  );
}
