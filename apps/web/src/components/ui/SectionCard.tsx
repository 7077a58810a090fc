import { useId, type ReactNode } from 'react';

type SectionCardProps = { title: string; description?: ReactNode; children: ReactNode };

/** One card of a page made of cards (Settings, Household): a region named by its heading. */
export function SectionCard({ title, description, children }: SectionCardProps) {
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
