import type { BudgetSummary } from '@moneta/shared/budget-schemas';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '@/lib/auth/use-currency';
import { useFormat } from '@/lib/i18n/use-format';

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
  const { t } = useTranslation('budgets');
  const format = useFormat();
  const currency = useCurrency();
  const items: Array<[string, number]> = [
    [t('totals.budgeted'), summary.budgeted],
    [t('totals.spent'), summary.spent],
    [t('totals.available'), summary.available],
    [t('totals.remaining'), summary.remaining],
  ];
  return (
    <section
      aria-label={t('totals.label', { month: monthName })}
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
              {format.money(amount, currency)}
            </dd>
          </div>
        ))}
        <div className="col-span-2 border-t border-neutral-200 pt-3 sm:col-span-1 sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4 dark:border-neutral-800">
          <dt className="text-sm text-neutral-600 dark:text-neutral-400">{t('totals.income')}</dt>
          <dd className={plain}>{format.money(summary.income, currency)}</dd>
        </div>
      </dl>
    </section>
  );
}
