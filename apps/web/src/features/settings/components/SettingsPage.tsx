import { ContentLayout } from '@/components/layouts/ContentLayout';
import { useUser } from '@/lib/auth/get-user';
import { DeleteAccount } from './DeleteAccount';
import { Preferences } from './Preferences';

export function SettingsPage() {
  const { user } = useUser();
  return (
    <ContentLayout title="Settings">
      <div className="max-w-3xl space-y-6">
        <section
          aria-labelledby="account-heading"
          className="rounded-2xl border border-neutral-200 bg-white p-6 dark:border-neutral-800 dark:bg-neutral-900"
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
        <DeleteAccount />
      </div>
    </ContentLayout>
  );
}
