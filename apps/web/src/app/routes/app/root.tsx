import { AppLayout } from '../../layouts/AppLayout';

/** The protected area's shell, loaded once for all of its pages. */
export function AppRoot() {
  return <AppLayout />;
}
