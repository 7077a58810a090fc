import { formatMoney, type Budget } from '@moneta/shared';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatBudgetMonth } from '../utils/budget-month';
import { BudgetProgress } from './BudgetProgress';

type BudgetsTableProps = {
  budgets: Budget[];
  caption: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400';
const cell = 'px-4 py-3 align-middle';
/** The first column stays in view while a narrow screen scrolls the others. */
const stickyCell =
  'sticky left-0 z-10 max-sm:max-w-40 max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-200)] dark:max-sm:shadow-[inset_-1px_0_0_var(--color-neutral-800)]';
const stickyBody =
  'bg-white group-hover:bg-neutral-50 dark:bg-neutral-900 dark:group-hover:bg-neutral-800';

/**
 * The budgets of the month shown (SPEC §2). A row opens its budget for editing; the category is
 * also a button so that the keyboard can do the same. On narrow screens the table scrolls inside
 * its own box, never the page.
 */
export function BudgetsTable({ budgets, caption, onEdit, onDelete }: BudgetsTableProps) {
  const currency = useCurrency();

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, budget: Budget) {
    // Buttons in the row do their own thing.
    if (event.target instanceof Element && event.target.closest('button')) return;
    onEdit(budget);
  }

  // `relative` keeps the screen-reader-only texts of the buttons inside the scrolling box
  // (positioned against the page, they would widen it on narrow screens).
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <table className="w-full min-w-[760px] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900">
          <tr>
            <th
              scope="col"
              className={`${headerCell} ${stickyCell} bg-neutral-50 dark:bg-neutral-900`}
            >
              Category
            </th>
            <th scope="col" className={headerCell}>
              Month
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Budget
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Spent
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Remaining
            </th>
            <th scope="col" className={headerCell}>
              Progress
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Delete
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {budgets.map((budget) => (
            <tr
              key={budget._id}
              onClick={(event) => onRowClick(event, budget)}
              className="group cursor-pointer hover:bg-neutral-50 dark:hover:bg-neutral-800"
            >
              <td className={`${cell} ${stickyCell} ${stickyBody}`}>
                <button
                  type="button"
                  onClick={() => onEdit(budget)}
                  className="rounded text-left font-medium break-words text-neutral-900 underline-offset-4 hover:underline dark:text-white"
                >
                  <span className="sr-only">Edit </span>
                  {budget.category}
                  <span className="sr-only"> budget</span>
                </button>
              </td>
              <td className={`${cell} text-neutral-700 tabular-nums dark:text-neutral-300`}>
                {formatBudgetMonth(budget)}
              </td>
              <td className={`${cell} text-right text-neutral-900 tabular-nums dark:text-white`}>
                {formatMoney(budget.amount, currency)}
              </td>
              <td
                className={`${cell} text-right text-neutral-700 tabular-nums dark:text-neutral-300`}
              >
                {formatMoney(budget.spent, currency)}
              </td>
              <td
                data-negative={budget.remaining < 0}
                className={`${cell} text-right tabular-nums ${
                  budget.remaining < 0
                    ? 'font-semibold text-red-700 dark:text-red-400'
                    : 'text-neutral-700 dark:text-neutral-300'
                }`}
              >
                {formatMoney(budget.remaining, currency)}
              </td>
              <td className={cell}>
                <BudgetProgress category={budget.category} percent={budget.percent} />
              </td>
              <td className={`${cell} text-right`}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                  onClick={() => onDelete(budget)}
                >
                  Delete<span className="sr-only"> {budget.category} budget</span>
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
