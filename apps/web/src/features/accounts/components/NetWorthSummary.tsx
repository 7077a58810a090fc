import type { Account } from '@moneta/shared/account-schemas';
import { useTranslation } from 'react-i18next';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { netWorth } from '@/lib/accounts/get-accounts';
import { useFormat } from '@/lib/i18n/use-format';

type NetWorthSummaryProps = { accounts: readonly Account[]; currency: string };

/** The sum of every account in the base currency, and the accounts left out for want of a rate. */
export function NetWorthSummary({ accounts, currency }: NetWorthSummaryProps) {
  const { t } = useTranslation('accounts');
  const format = useFormat();
  const worth = netWorth(accounts);
  return (
    <section
      aria-labelledby="net-worth-heading"
      className="mb-6 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2
        id="net-worth-heading"
        className="text-sm font-medium text-neutral-600 dark:text-neutral-400"
      >
        {t('netWorth.title')}
      </h2>
      <p className="mt-1 text-2xl font-semibold tabular-nums text-neutral-900 dark:text-white">
        {format.money(worth.total, currency)}
      </p>
      <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
        {t('netWorth.sum', { count: accounts.length, currency })}
      </p>
      <UnconvertedNotice
        count={worth.withoutRate.length}
        noun="account"
        currency={worth.withoutRate[0]?.currency}
        className="mt-1"
      />
    </section>
  );
}
