import type { BudgetSummary } from '@moneta/shared/budget-schemas';
import { formatMoney } from '@moneta/shared/money';
import { useCurrency } from '@/lib/auth/use-currency';

type BudgetTotalsProps = {
  summary: BudgetSummary;
  monthName: string;
};

const figure = 'mt-1 text-lg font-semibold tabular-nums';
const plain = `${figure} text-neutral-900 dark:text-white`;

/**
 * The month's budgets added up (budgeted, spent, available, remaining) with the month's income
 * beside them (GET /budgets/summary), in the base currency.
 */
export function BudgetTotals({ summary, monthName }: BudgetTotalsProps) {
  const currency = useCurrency();
  const items: Array<[string, number]> = [
    ['Budgeted', summary.budgeted],
    ['Spent', summary.spent],
    ['Available', summary.available],
    ['Remaining', summary.remaining],
  ];
  return (
    <section
      aria-label={`Totals for ${monthName}`}
      className="mb-4 grid grid-cols-2 gap-3 rounded-2xl border border-neutral-200 bg-white p-4 sm:grid-cols-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <dl className="contents">
        {items.map(([label, amount]) => (
          <div key={label}>
            <dt className="text-sm text-neutral-600 dark:text-neutral-400">{label}</dt>
            <dd
              data-negative={amount < 0}
              className={amount < 0 ? `${figure} text-red-700 dark:text-red-400` : figure}
            >
              {formatMoney(amount, currency)}
            </dd>
          </div>
        ))}
        <div className="col-span-2 border-t border-neutral-200 pt-3 sm:col-span-1 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4 dark:border-neutral-800">
          <dt className="text-sm text-neutral-600 dark:text-neutral-400">Income this month</dt>
          <dd className={plain}>{formatMoney(summary.income, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
