import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { ApiTokens } from './ApiTokens';
import { ChangePassword } from './ChangePassword';
import { DeleteUser } from './DeleteUser';
import { Preferences } from './Preferences';
import { Passkeys } from './Passkeys';
import { SecurityEvents } from './SecurityEvents';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';
import { YourData } from './YourData';

export function SettingsPage() {
  const { user } = useUser();
  return (
    <ContentLayout title="Settings">
      <div className="max-w-3xl min-w-0 space-y-6">
        <section
          aria-labelledby="account-heading"
          className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2
            id="account-heading"
            className="text-lg font-semibold text-neutral-900 dark:text-white"
          >
            Account
          </h2>
          <dl className="mt-4">
            <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">Email</dt>
            <dd className="mt-1 font-medium break-all text-neutral-900 dark:text-white">
              {user?.email}
            </dd>
          </dl>
        </section>
        <Preferences />
        <section
          aria-labelledby="rules-heading"
          className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="rules-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
            Categories by rules
          </h2>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            Rules give imported rows, receipts and new transactions their category from the name or
            the note.{' '}
            <Link to={paths.rules} className={textLinkClasses}>
              Manage rules
            </Link>
          </p>
        </section>
        <ChangePassword />
        <Sessions />
        <TwoFactor />
        <Passkeys />
        <ApiTokens />
        <SecurityEvents />
        <YourData />
        <DeleteUser />
      </div>
    </ContentLayout>
  );
}
