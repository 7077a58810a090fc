import type { Transaction } from '@moneta/shared/transaction-schemas';
import { MoneyWithBase } from '@/components/MoneyWithBase';
import { Skeleton } from '@/components/ui/Skeleton';
import { useTranslation } from 'react-i18next';
import { useCategoryName } from '@/lib/categories/category-name';
import { useFormat } from '@/lib/i18n/use-format';

type RecentTransactionsProps = {
  transactions: Transaction[] | undefined;
  isLoading: boolean;
  currency: string;
};

/** The five newest transactions: name, date and signed amount. */
export function RecentTransactions({ transactions, isLoading, currency }: RecentTransactionsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const categoryName = useCategoryName();
  if (!isLoading && !transactions) {
    // The summary failed: the page's alert says so and offers Retry.
    return (
      <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('notLoadedSentence')}</p>
    );
  }
  if (isLoading || !transactions) {
    return (
      <ul aria-hidden="true" className="space-y-4">
        {[0, 1, 2, 3, 4].map((index) => (
          <li key={index} className="flex justify-between gap-4">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-5 w-20" />
          </li>
        ))}
      </ul>
    );
  }
  if (transactions.length === 0) {
    return (
      <p className="py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">
        {t('recent.empty')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-neutral-200 dark:divide-neutral-800">
      {transactions.map((transaction) => (
        <li key={transaction._id} className="flex items-center justify-between gap-4 py-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-neutral-900 dark:text-neutral-100">
              {transaction.name}
            </p>
            <p className="text-xs text-neutral-600 dark:text-neutral-400">
              {format.date(transaction.addedOn)} · {categoryName(transaction.category)}
            </p>
          </div>
          <p
            className={`shrink-0 font-semibold tabular-nums ${
              transaction.isIncome
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400'
            }`}
          >
            <MoneyWithBase
              amount={transaction.cost}
              currency={transaction.currency}
              baseAmount={transaction.baseCost}
              baseCurrency={currency}
              sign={transaction.isIncome ? '+' : '-'}
            />
          </p>
        </li>
      ))}
    </ul>
  );
}
