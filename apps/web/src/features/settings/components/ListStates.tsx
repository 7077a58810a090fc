import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/Skeleton';

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
