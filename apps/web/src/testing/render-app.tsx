import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app';
import { AppProvider } from '@/app/provider';
import { provideQueryClient } from '@/lib/app-query-client';
import { createQueryClient } from '@/lib/query-client';

let currentPath = '';
let currentSearch = '';

/**
 * Records the router's path during the commit (a layout effect), so it is current before
 * findBy* queries see the page; a plain effect could run after them.
 */
function LocationProbe() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    currentPath = pathname;
    currentSearch = search;
  }, [pathname, search]);
  return null;
}

/**
 * Renders the whole app at `url`, as a user would open it (routes, guards, providers, toasts),
 * with a fresh query client or, as main.tsx does after preloadPage, the one given.
 */
export function renderApp(url: string, queryClient = createQueryClient()) {
  provideQueryClient(queryClient);
  const result = render(
    <AppProvider>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return {
    ...result,
    queryClient,
    currentPath: () => currentPath,
    currentSearch: () => currentSearch,
  };
}
