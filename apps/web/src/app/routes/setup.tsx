import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pendingJoinPath } from '@/lib/households/pending-join';
import { AuthLayout } from '@/components/layouts/AuthLayout';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { SetupForm } from '@/features/auth/components/SetupForm';
import { useUser } from '@/lib/auth/get-user';

export function SetupRoute() {
  const { user } = useUser();
  const navigate = useNavigate();
  const { t } = useTranslation();
  // RequireAuth waits for the session; this only covers the instant it is being replaced.
  if (!user) return <FullPageSpinner />;
  return (
    <AuthLayout
      title={t('pages.setup.heading')}
      subtitle={
        <Trans
          i18nKey="pages.setup.greeting"
          values={{ email: user.email }}
          components={{
            email: <strong className="font-semibold break-all text-neutral-900 dark:text-white" />,
          }}
        />
      }
    >
      <title>{t('pages.setup.title')}</title>
      <SetupForm
        user={user}
        onSuccess={() => void navigate(pendingJoinPath() ?? paths.dashboard, { replace: true })}
      />
    </AuthLayout>
  );
}
