import type { QueryClient } from '@tanstack/react-query';

/**
 * The signed-in app's one query client, made when the app first needs it. TanStack Query (about
 * 9 kB over the wire) is not part of the public pages' first load: they are drawn without it
 * (the session's user is held in lib/auth/get-user.ts), and the signed-in pages load it with
 * their code (app/router.tsx) and provide it to everything under them (app/query-client-route.tsx).
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;

/** The client, made on the first call (its code downloaded then). */
export function loadQueryClient(): Promise<QueryClient> {
  if (!loading) {
    loading = client
      ? Promise.resolve(client)
      : import('./query-client').then(({ createQueryClient }) => (client ??= createQueryClient()));
    // A failed download (offline, before the service worker had the app) may be tried again.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** The client when it has been made; undefined before (nothing can be cached in it yet). */
export function loadedQueryClient(): QueryClient | undefined {
  return client;
}

/** Makes `given` the app's client: the tests' own, one per rendered app. */
export function provideQueryClient(given: QueryClient): void {
  client = given;
  loading = Promise.resolve(given);
}

/** Tests start each case as a new visit, with no client yet. */
export function resetQueryClientForTests(): void {
  client = undefined;
  loading = undefined;
}
