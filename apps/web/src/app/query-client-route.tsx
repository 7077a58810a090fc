import { QueryClientProvider } from '@tanstack/react-query';
import { use } from 'react';
import { Outlet } from 'react-router';
import { loadedQueryClient, loadQueryClient } from '@/lib/app-query-client';

/**
 * Provides the app's query client to the signed-in pages (the routes under it). Their code waits
 * for it before they render (router.tsx, `page(…, 'app')`), so this suspends only when a page
 * is reached another way; the public pages are drawn without it.
 */
export function QueryClientRoute() {
  const client = loadedQueryClient() ?? use(loadQueryClient());
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
