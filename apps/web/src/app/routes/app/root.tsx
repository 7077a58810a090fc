import { sessionUser } from '@/lib/auth/get-user';
import { AppLayout } from '../../layouts/AppLayout';

/** The protected area's shell, loaded once for all of its pages. */
export function AppRoot() {
  return <AppLayout />;
}

/** The session: every page of the shell waits on it (the guards, the header). */
export function prefetch() {
  return sessionUser();
}
