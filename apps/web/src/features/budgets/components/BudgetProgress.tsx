import { budgetProgressColor, type BudgetProgressColor } from '@moneta/shared/budget-progress';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';

const barColors: Record<BudgetProgressColor, string> = {
  green: 'bg-emerald-600 dark:bg-emerald-500',
  yellow: 'bg-amber-500 dark:bg-amber-400',
  red: 'bg-red-600 dark:bg-red-500',
};

/**
 * How much of a budget is spent: a bar coloured by the thresholds of docs/architecture.md, Product
 * rules (green under 80 %, yellow from 80 % to exactly 100 % — all spent —, red once overspent)
 * and the percent as text. The bar stops at full width.
 */
export function BudgetProgress({
  category,
  percent,
  remaining,
}: {
  category: string;
  percent: number;
  remaining: number;
}) {
  const { t } = useTranslation('budgets');
  const format = useFormat();
  const percentText = format.percent(percent / 100);
  const color = budgetProgressColor(percent, remaining);
  const width = Math.min(100, Math.max(0, percent));
  return (
    <div className="flex min-w-36 items-center gap-3">
      <div
        role="progressbar"
        aria-label={t('progress.label', { category })}
        aria-valuemin={0}
        aria-valuemax={Math.max(100, percent)}
        aria-valuenow={percent}
        aria-valuetext={percentText}
        data-color={color}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-neutral-200 dark:bg-neutral-700"
      >
        <div
          data-testid="budget-progress-fill"
          className={`h-full rounded-full ${barColors[color]}`}
          style={{ width: `${width}%` }}
        />
      </div>
      <span className="w-12 text-right text-sm font-medium text-neutral-800 tabular-nums dark:text-neutral-200">
        {percentText}
      </span>
    </div>
  );
}
