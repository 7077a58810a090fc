import type { QueryClient } from '@tanstack/react-query';
import { sessionUser } from '@/lib/auth/get-user';
import { householdsQueryOptions } from '@/lib/households/get-households';
import { AppLayout } from '../../layouts/AppLayout';

/** The protected area's shell, loaded once for all of its pages. */
export function AppRoot() {
  return <AppLayout />;
}

/** The session and the user's households: every page of the shell waits on them (the header). */
export function prefetch(queryClient: QueryClient) {
  return Promise.all([sessionUser(), queryClient.prefetchQuery(householdsQueryOptions())]);
}
