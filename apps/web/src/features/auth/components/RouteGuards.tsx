import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { homePathFor } from '../utils/home-path';

/** Signed-in users only; a visitor is sent to /login. A spinner shows while the session loads. */
export function RequireAuth() {
  const { t } = useTranslation('auth');
  const { user, isLoading, hasSignedOut } = useUser();
  if (isLoading) return <FullPageSpinner label={t('loadingAccount')} />;
  // A sign-out here goes to the sign-in page itself, with what it has to say there (an account
  // deleted): a redirect of ours could land after it and lose that.
  if (!user) return hasSignedOut ? null : <Navigate to={paths.login} replace />;
  return <Outlet />;
}

/** Inside RequireAuth: the app itself needs the setup step done first. */
export function RequireSetup() {
  const { user } = useUser();
  if (user && !user.isSetupComplete) return <Navigate to={paths.setup} replace />;
  return <Outlet />;
}

/** /login and /register: a signed-in user goes straight to where they belong. */
export function RedirectIfSignedIn() {
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner />;
  if (user) return <Navigate to={homePathFor(user)} replace />;
  return <Outlet />;
}
