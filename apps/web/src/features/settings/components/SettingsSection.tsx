import { useId, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';

type SettingsSectionProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
};

/** One card of the Settings page: a region named by its heading. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={headingId} className="text-lg font-semibold text-neutral-900 dark:text-white">
        {title}
      </h2>
      {description ? (
        <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">{description}</p>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A list still loading: grey rows in its place, and words for screen readers. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** Words shown when a list has nothing in it yet. */
export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-neutral-600 dark:text-neutral-400">{children}</p>;
}
