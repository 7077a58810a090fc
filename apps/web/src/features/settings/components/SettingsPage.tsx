import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { textLinkClasses } from '@/components/ui/link-styles';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-user';
import { ApiTokens } from './ApiTokens';
import { BankConnections } from './BankConnections';
import { ChangePassword } from './ChangePassword';
import { DeleteUser } from './DeleteUser';
import { Preferences } from './Preferences';
import { Passkeys } from './Passkeys';
import { SecurityEvents } from './SecurityEvents';
import { SectionCard } from '@/components/ui/SectionCard';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';
import { YourData } from './YourData';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { user } = useUser();
  return (
    <ContentLayout title={t('title')} description={t('description')}>
      <div className="max-w-3xl min-w-0 space-y-6">
        <section
          aria-labelledby="account-heading"
          className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2
            id="account-heading"
            className="text-lg font-semibold text-neutral-900 dark:text-white"
          >
            {t('account.title')}
          </h2>
          <dl className="mt-4">
            <dt className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
              {t('account.email')}
            </dt>
            <dd className="mt-1 font-medium break-all text-neutral-900 dark:text-white">
              {user?.email}
            </dd>
          </dl>
        </section>
        <SectionCard
          title={t('households:settingsLink.title')}
          description={t('households:settingsLink.text')}
        >
          <Link to={paths.household} className={textLinkClasses}>
            {t('households:settingsLink.link')}
          </Link>
        </SectionCard>
        <Preferences />
        <section
          aria-labelledby="rules-heading"
          className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 id="rules-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
            {t('rules.title')}
          </h2>
          <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
            <Trans
              t={t}
              i18nKey="rules.text"
              components={{ rulesLink: <Link to={paths.rules} className={textLinkClasses} /> }}
            />
          </p>
        </section>
        <BankConnections />
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
