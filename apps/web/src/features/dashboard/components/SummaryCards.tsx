import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import { Skeleton } from '@/components/ui/Skeleton';
import { useTranslation } from 'react-i18next';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useFormat } from '@/lib/i18n/use-format';
import { formatRange } from '../utils/dashboard-period';
import { ReportLink } from './ReportLink';

type SummaryCardsProps = {
  summary: TransactionSummary | undefined;
  isLoading: boolean;
  currency: string;
  /** The period asked for, said until the answer names its own. */
  periodText: string;
  /** The Reports page over the same period: each card's figures, period by period. */
  reportsTo: string;
};

/**
 * Total Income, Total Expense and Current Balance, each a skeleton until known, each saying the
 * period it covers; the balance also says what it is, so that it is not read as net worth. In the
 * base currency: amounts no rate converts are left out, and a notice under the cards says so.
 */
export function SummaryCards({
  summary,
  isLoading,
  currency,
  periodText,
  reportsTo,
}: SummaryCardsProps) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const balance = summary?.balance ?? 0;
  // The answer names the period it summed (null ends: all time): that is what the cards show.
  const shown = summary
    ? formatRange(
        summary.from && summary.to ? { from: summary.from, to: summary.to } : null,
        format,
        t('period.allTime'),
      )
    : periodText;
  const cards = [
    {
      label: t('summary.totalIncome'),
      value: summary?.totalIncome,
      tone: 'text-emerald-700 dark:text-emerald-400',
      note: null,
    },
    {
      label: t('summary.totalExpense'),
      value: summary?.totalExpenses,
      tone: 'text-red-700 dark:text-red-400',
      note: null,
    },
    {
      label: t('summary.currentBalance'),
      value: summary?.balance,
      tone: balance < 0 ? 'text-red-700 dark:text-red-400' : 'text-neutral-900 dark:text-white',
      note: t('summary.balanceNote'),
    },
  ];
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={isLoading}>
        {cards.map((card) => (
          <li
            key={card.label}
            className="flex flex-col rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
          >
            <h2 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
              {card.label}
            </h2>
            {!isLoading && card.value === undefined ? (
              // Not loaded (the page's alert offers Retry): a dash, not an endless skeleton.
              <p
                data-testid="summary-amount"
                className="mt-2 text-2xl font-bold text-neutral-500 dark:text-neutral-400"
              >
                —<span className="sr-only"> {t('notLoaded')}</span>
              </p>
            ) : isLoading || card.value === undefined ? (
              <>
                <Skeleton className="mt-3 h-8 w-32" />
                <span className="sr-only">{t('common:loading')}</span>
              </>
            ) : (
              <p
                data-testid="summary-amount"
                className={`mt-2 text-2xl font-bold tracking-tight tabular-nums ${card.tone}`}
              >
                {format.money(card.value, currency)}
              </p>
            )}
            <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">{shown}</p>
            {card.note ? (
              <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">{card.note}</p>
            ) : null}
            <p className="mt-auto pt-2">
              <ReportLink to={reportsTo} label={t('cashFlowReport')} />
            </p>
          </li>
        ))}
      </ul>
      <UnconvertedNotice count={summary?.unconverted ?? 0} className="mt-2" />
    </>
  );
}
