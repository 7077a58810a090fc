import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { ErrorBoundary } from '@/components/ErrorBoundary';
import { AppProvider } from './provider';
import { routes } from './router';
import { RouteError } from './routes/route-error';

/** The routes with a safety net; rendered inside a router (BrowserRouter, or MemoryRouter in tests). */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <ErrorBoundary fallback={<RouteError />} resetKey={location.pathname}>
      {element}
    </ErrorBoundary>
  );
}

/**
 * The app. Declarative routing (BrowserRouter + useRoutes) keeps react-router's data layer —
 * which Moneta does not use; TanStack Query holds server state — out of the first download.
 */
export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
