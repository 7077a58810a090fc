import { useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/AuthLayout';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { SetupForm } from '@/features/auth/components/SetupForm';
import { useUser } from '@/lib/auth/get-user';

export function SetupRoute() {
  const { user } = useUser();
  const navigate = useNavigate();
  // RequireAuth waits for the session; this only covers the instant it is being replaced.
  if (!user) return <FullPageSpinner />;
  return (
    <AuthLayout
      title="Welcome to Moneta!"
      subtitle={
        <>
          Hi{' '}
          <strong className="font-semibold break-all text-neutral-900 dark:text-white">
            {user.email}
          </strong>
          , let&apos;s get your account ready.
        </>
      }
    >
      <title>Setup · Moneta</title>
      <SetupForm user={user} onSuccess={() => void navigate(paths.dashboard, { replace: true })} />
    </AuthLayout>
  );
}
