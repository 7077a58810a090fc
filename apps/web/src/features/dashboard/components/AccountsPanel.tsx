import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '@/components/ui/QueryState';
import { Skeleton } from '@/components/ui/Skeleton';
import { MoneyWithBase } from '@/components/MoneyWithBase';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { accountPath, paths, reportsPath } from '@/config/paths';
import { netWorth, useAccounts } from '@/lib/accounts/get-accounts';
import { useFormat } from '@/lib/i18n/use-format';
import { ReportLink } from './ReportLink';

const moneyTone = (amount: number) =>
  amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-neutral-900 dark:text-white';

/**
 * Every open account's balance and the sum of all of them, beside the three totals
 * (docs/currencies.md, Accounts, balances and net worth).
 */
export function AccountsPanel({ currency }: { currency: string }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const accounts = useAccounts();

  return (
    <section
      aria-labelledby="accounts-panel-heading"
      aria-busy={accounts.isPending}
      className="mt-6 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2
          id="accounts-panel-heading"
          className="text-base font-semibold text-neutral-900 dark:text-white"
        >
          {t('accounts.title')}
        </h2>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {/* Net worth over the last 12 months: a few days of balances would say little. */}
          <ReportLink to={reportsPath()} label={t('accounts.netWorthReport')} />
          <Link
            to={paths.accounts}
            className="text-sm text-emerald-800 hover:underline dark:text-emerald-300"
          >
            {t('accounts.manage')}
          </Link>
        </div>
      </div>
      <QueryState
        query={accounts}
        loading={
          <>
            <Skeleton className="mt-3 h-6 w-48" />
            <span className="sr-only">{t('common:loading')}</span>
          </>
        }
        failureMessage={() => t('accounts.failed')}
        failureClassName="mt-3"
      >
        {(list) => {
          const worth = netWorth(list);
          return (
            <>
              <ul className="mt-3 divide-y divide-neutral-200 dark:divide-neutral-800">
                {list
                  .filter((account) => !account.isArchived)
                  .map((account) => (
                    <li key={account._id} className="flex items-center justify-between gap-4 py-2">
                      <Link
                        to={accountPath(account._id)}
                        className="min-w-0 truncate text-sm text-neutral-800 hover:underline dark:text-neutral-200"
                      >
                        {account.name}
                      </Link>
                      <span
                        className={`text-right text-sm font-medium tabular-nums ${moneyTone(account.balance)}`}
                      >
                        <MoneyWithBase
                          amount={account.balance}
                          currency={account.currency}
                          baseAmount={account.baseBalance}
                          baseCurrency={currency}
                        />
                      </span>
                    </li>
                  ))}
              </ul>
              <div className="mt-3 flex items-center justify-between gap-4 border-t border-neutral-200 pt-3 dark:border-neutral-800">
                <div className="flex flex-col">
                  <span className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
                    {t('accounts.netWorth')}
                  </span>
                  <span className="text-xs text-neutral-600 dark:text-neutral-400">
                    {t('accounts.netWorthNote')}
                  </span>
                  <UnconvertedNotice
                    count={worth.withoutRate.length}
                    noun="account"
                    currency={worth.withoutRate[0]?.currency}
                  />
                </div>
                <span
                  data-testid="net-worth"
                  className={`shrink-0 text-lg font-bold whitespace-nowrap tabular-nums ${moneyTone(worth.total)}`}
                >
                  {format.money(worth.total, currency)}
                </span>
              </div>
            </>
          );
        }}
      </QueryState>
    </section>
  );
}
