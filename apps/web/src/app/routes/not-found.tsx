import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { PublicLayout } from '../layouts/PublicLayout';

export function NotFoundRoute() {
  return (
    <PublicLayout>
      <title>Page not found · Moneta</title>
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 dark:text-white">
          Page not found
        </h1>
        <p className="mt-3 text-neutral-600 dark:text-neutral-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link to={paths.home} className={`${buttonClasses()} mt-8`}>
          Back to home
        </Link>
      </div>
    </PublicLayout>
  );
}
