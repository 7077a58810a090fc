import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHouseholdName } from '@/lib/households/household-name';
import { Link, Navigate, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { BrandLink } from '@/components/ui/Logo';
import { FullPageSpinner } from '@/components/ui/Spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth/get-user';
import { clearPendingJoin, keepPendingJoin } from '@/lib/households/pending-join';
import { toast } from '@/lib/toast';
import { useAcceptInvitation } from '../api/invitations';

function JoinCard({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <BrandLink />
      <main
        id="main"
        className="w-full max-w-md rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
      >
        {children}
      </main>
    </div>
  );
}

/** Signed in: "Join a household?" with Accept, which joins and moves the app to it. */
function AcceptInvitation({ code }: { code: string }) {
  const { t } = useTranslation('households');
  const nameOf = useHouseholdName();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  useEffect(() => clearPendingJoin(), []);

  function join() {
    accept.mutate(code, {
      onSuccess: (household) => {
        toast.success(t('join.joined', { name: nameOf(household) }));
        void navigate(paths.dashboard, { replace: true });
      },
    });
  }

  return (
    <JoinCard>
      <title>{`${t('join.title')} · Moneta`}</title>
      <h1 className="text-xl font-semibold text-neutral-900 dark:text-white">{t('join.title')}</h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{t('join.text')}</p>
      {accept.isError ? (
        <Alert className="mt-4">{errorMessage(accept.error, t('join.failed'))}</Alert>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.dashboard} className={buttonClasses({ variant: 'secondary' })}>
          {t('join.notNow')}
        </Link>
        <Button onClick={join} disabled={accept.isPending}>
          {accept.isPending ? t('join.busy') : t('join.accept')}
        </Button>
      </div>
    </JoinCard>
  );
}

/** Signed out: sign in or sign up first; the code waits and leads back here after. */
function SignInToJoin({ code }: { code: string }) {
  const { t } = useTranslation('households');
  useEffect(() => keepPendingJoin(code), [code]);
  return (
    <JoinCard>
      <title>{`${t('join.title')} · Moneta`}</title>
      <h1 className="text-xl font-semibold text-neutral-900 dark:text-white">{t('join.title')}</h1>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">{t('join.signInFirst')}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Link to={paths.login} className={buttonClasses({ variant: 'secondary' })}>
          {t('join.signIn')}
        </Link>
        <Link to={paths.register} className={buttonClasses()}>
          {t('join.signUp')}
        </Link>
      </div>
    </JoinCard>
  );
}

/** `/join/<code>`: an invitation's link, for a signed-in user or a visitor. */
export function JoinHousehold({ code }: { code: string }) {
  const { t } = useTranslation('households');
  const { user, isLoading } = useUser();
  if (isLoading) return <FullPageSpinner label={t('join.loading')} />;
  if (!user) return <SignInToJoin code={code} />;
  if (!user.isSetupComplete) {
    keepPendingJoin(code);
    return <Navigate to={paths.setup} replace />;
  }
  return <AcceptInvitation code={code} />;
}
