import { formatMoney } from '@moneta/shared/money';
import type { TransactionSummary } from '@moneta/shared/transaction-schemas';
import { Skeleton } from '@/components/ui/Skeleton';

type SummaryCardsProps = {
  summary: TransactionSummary | undefined;
  isLoading: boolean;
  currency: string;
};

/** Total Income, Total Expense and Current Balance, each a skeleton until known. */
export function SummaryCards({ summary, isLoading, currency }: SummaryCardsProps) {
  const balance = summary?.balance ?? 0;
  const cards = [
    {
      label: 'Total Income',
      value: summary?.totalIncome,
      tone: 'text-emerald-700 dark:text-emerald-400',
    },
    {
      label: 'Total Expense',
      value: summary?.totalExpenses,
      tone: 'text-red-700 dark:text-red-400',
    },
    {
      label: 'Current Balance',
      value: summary?.balance,
      tone: balance < 0 ? 'text-red-700 dark:text-red-400' : 'text-neutral-900 dark:text-white',
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-busy={isLoading}>
      {cards.map((card) => (
        <li
          key={card.label}
          className="rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <h2 className="text-sm font-medium text-neutral-600 dark:text-neutral-400">
            {card.label}
          </h2>
          {!isLoading && card.value === undefined ? (
            // Not loaded (the page's alert offers Retry): a dash, not an endless skeleton.
            <p className="mt-2 text-2xl font-bold text-neutral-500 dark:text-neutral-400">
              —<span className="sr-only"> Not loaded</span>
            </p>
          ) : isLoading || card.value === undefined ? (
            <>
              <Skeleton className="mt-3 h-8 w-32" />
              <span className="sr-only">Loading…</span>
            </>
          ) : (
            <p className={`mt-2 text-2xl font-bold tracking-tight tabular-nums ${card.tone}`}>
              {formatMoney(card.value, currency)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
