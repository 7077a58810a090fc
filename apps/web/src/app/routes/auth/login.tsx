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
  return (
    <AuthLayout
      title="Welcome Back"
      subtitle="Sign in to continue to your account."
      footer={
        <span className="inline-flex items-center gap-1.5">
          <ShieldIcon className="size-4" />
          Protected by industry-standard security.
        </span>
      }
    >
      <title>Sign in · Moneta</title>
      <LoginNoticeStatus />
      <LoginForm onSuccess={(user) => void navigate(homePathFor(user), { replace: true })} />
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        New to Moneta?{' '}
        <Link to={paths.register} className={textLinkClasses}>
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
