import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/AuthLayout';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/RegisterForm';

export function RegisterRoute() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <AuthLayout
      title={t('pages.register.heading')}
      subtitle={t('pages.register.subtitle')}
      footer={t('pages.register.terms')}
    >
      <title>{t('pages.register.title')}</title>
      <RegisterForm onSuccess={() => void navigate(paths.setup, { replace: true })} />
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('pages.register.haveAccount')}{' '}
        <Link to={paths.login} className={textLinkClasses}>
          {t('pages.register.signInInstead')}
        </Link>
      </p>
    </AuthLayout>
  );
}
