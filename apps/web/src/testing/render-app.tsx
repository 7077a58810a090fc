import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '@/app';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

let currentPath = '';

function LocationProbe() {
  const { pathname } = useLocation();
  useEffect(() => {
    currentPath = pathname;
  }, [pathname]);
  return null;
}

/** Renders the whole app at `url`, as a user would open it (routes, guards, providers, toasts). */
export function renderApp(url: string) {
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, queryClient, currentPath: () => currentPath };
}
