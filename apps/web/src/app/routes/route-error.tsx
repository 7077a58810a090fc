import { Button } from '@/components/ui/Button';

/** Shown when a page fails to load (a new deployment replaced its chunk) or crashes. */
export function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center px-4 text-center">
      <title>Something went wrong · Moneta</title>
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 dark:text-white">
        Something went wrong
      </h1>
      <p className="mt-3 text-neutral-600 dark:text-neutral-400">
        This page could not be shown. Reloading usually helps.
      </p>
      <Button className="mt-8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
    </main>
  );
}
