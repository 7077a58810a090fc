import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/AuthLayout';
import { ShieldIcon } from '@/components/ui/icons';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/LoginForm';
import { LoginNoticeStatus } from '@/features/auth/components/LoginNoticeStatus';
import { homePathFor } from '@/features/auth/utils/home-path';

export function LoginRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('pages.login.heading')}
      subtitle={t('pages.login.subtitle')}
      footer={
        <span className="inline-flex items-center gap-1.5">
          <ShieldIcon className="size-4" />
          {t('pages.login.security')}
        </span>
      }
    >
      <title>{t('pages.login.title')}</title>
      <LoginNoticeStatus />
      <LoginForm onSuccess={(user) => void navigate(homePathFor(user), { replace: true })} />
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {/* A question and a link: two sentences, so no Trans (and its parser) on this page. */}
        {t('pages.login.newHere')}{' '}
        <Link to={paths.register} className={textLinkClasses}>
          {t('pages.login.createAccount')}
        </Link>
      </p>
    </AuthLayout>
  );
}
