import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '@/components/layouts/AuthLayout';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import { RegisterForm } from '@/features/auth/components/RegisterForm';

export function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <AuthLayout
      title="Create Account"
      subtitle="Start managing your finances today."
      footer="By signing up, you agree to our Terms & Privacy Policy."
    >
      <title>Create account · Moneta</title>
      <RegisterForm onSuccess={() => void navigate(paths.setup, { replace: true })} />
      <p className="mt-6 text-center text-sm text-neutral-600 dark:text-neutral-400">
        Already have an account?{' '}
        <Link to={paths.login} className={textLinkClasses}>
          Sign in instead
        </Link>
      </p>
    </AuthLayout>
  );
}
