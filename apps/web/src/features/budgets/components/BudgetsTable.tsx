import type { Budget } from '@moneta/shared/budget-schemas';
import { formatMoney } from '@moneta/shared/money';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { RowActions } from '@/components/ui/RowActions';
import { Table, TableCell, TableRow, type TableColumn } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useCurrency } from '@/lib/auth/use-currency';
import { budgetMonthName, budgetTransactionsPath, formatBudgetMonth } from '../utils/budget-month';
import { BudgetProgress } from './BudgetProgress';

type BudgetsTableProps = {
  budgets: Budget[];
  caption: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

const COLUMNS: TableColumn[] = [
  { header: 'Category', isSticky: true },
  { header: 'Month' },
  { header: 'Budget', align: 'right' },
  { header: 'Spent', align: 'right' },
  { header: 'Remaining', align: 'right' },
  { header: 'Progress' },
  { header: 'Actions', align: 'right' },
];

const mutedNumber = 'text-neutral-700 tabular-nums dark:text-neutral-300';

/**
 * The budgets of the month shown (docs/architecture.md, Product rules). A row opens the
 * category's expenses of that month on the Transactions page; the category is also a link so
 * that the keyboard can do the same. Edit and Delete are in the row's menu. A budget that rolls
 * over shows what it carried in and what is available under its amount; one repeated from an
 * earlier month says from which.
 */
export function BudgetsTable({ budgets, caption, onEdit, onDelete }: BudgetsTableProps) {
  const currency = useCurrency();
  const navigate = useNavigate();

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, budget: Budget) {
    // Buttons and links in the row (and its menu, drawn elsewhere) do their own thing.
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    if (event.target.closest('button, a')) return;
    void navigate(budgetTransactionsPath(budget));
  }

  return (
    <Table label={caption} caption={caption} columns={COLUMNS} minWidthClass="sm:min-w-[760px]">
      {budgets.map((budget) => (
        <TableRow
          key={budget._id}
          onClick={(event) => onRowClick(event, budget)}
          className="cursor-pointer"
        >
          <TableCell isSticky stack="title">
            <Link
              to={budgetTransactionsPath(budget)}
              className="rounded text-left font-medium break-words text-neutral-900 underline-offset-4 hover:underline dark:text-white"
            >
              {budget.category}
              <span className="sr-only">{` expenses in ${budgetMonthName(budget)}`}</span>
            </Link>
          </TableCell>
          <TableCell className={mutedNumber}>
            {formatBudgetMonth(budget)}
            {budget.repeatedFrom ? (
              <span
                data-testid="budget-repeated"
                className="block text-xs text-neutral-600 dark:text-neutral-400"
              >
                {`Repeats from ${budgetMonthName(budget.repeatedFrom)}`}
              </span>
            ) : null}
          </TableCell>
          <TableCell
            align="right"
            stack="end"
            stackLabel="Budget"
            className="text-neutral-900 tabular-nums max-sm:text-sm dark:text-white"
          >
            {formatMoney(budget.amount, currency)}
            {budget.rollover ? (
              <span
                data-testid="budget-rollover"
                className="block text-xs font-normal text-neutral-600 dark:text-neutral-400"
              >
                {`${budget.carried < 0 ? '−' : '+'}${formatMoney(Math.abs(budget.carried), currency)} carried`}
                {/* Two lines on a phone, so that the category keeps its width. */}
                <span className="max-sm:block">
                  <span className="max-sm:hidden"> · </span>
                  {`${formatMoney(budget.available, currency)} available`}
                </span>
              </span>
            ) : null}
          </TableCell>
          <TableCell align="right" stackLabel="Spent" className={mutedNumber}>
            {formatMoney(budget.spent, currency)}
            <UnconvertedNotice count={budget.unconverted} className="mt-0.5 whitespace-nowrap" />
          </TableCell>
          <TableCell
            align="right"
            stackLabel="Remaining"
            data-negative={budget.remaining < 0}
            className={
              budget.remaining < 0
                ? 'font-semibold text-red-700 tabular-nums dark:text-red-400'
                : mutedNumber
            }
          >
            {formatMoney(budget.remaining, currency)}
          </TableCell>
          <TableCell stack="full">
            <BudgetProgress
              category={budget.category}
              percent={budget.percent}
              remaining={budget.remaining}
            />
          </TableCell>
          <TableCell align="right" stack="menu">
            <RowActions
              label={`Actions for the ${budget.category} budget`}
              actions={[
                { label: 'Edit', onSelect: () => onEdit(budget) },
                { label: 'Delete', onSelect: () => onDelete(budget), isDanger: true },
              ]}
            />
          </TableCell>
        </TableRow>
      ))}
    </Table>
  );
}
