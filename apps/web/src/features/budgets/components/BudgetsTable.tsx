import type { Budget } from '@moneta/shared/budget-schemas';
import { formatMoney } from '@moneta/shared/money';
import type { MouseEvent } from 'react';
import { RowActions } from '@/components/ui/RowActions';
import { Table, TableCell, TableRow, type TableColumn } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatBudgetMonth } from '../utils/budget-month';
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
 * The budgets of the month shown (docs/architecture.md, Product rules). A row opens its budget for
 * editing; the category is also a button so that the keyboard can do the same.
 */
export function BudgetsTable({ budgets, caption, onEdit, onDelete }: BudgetsTableProps) {
  const currency = useCurrency();

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, budget: Budget) {
    // Buttons and links in the row (and its menu, drawn elsewhere) do their own thing.
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    if (event.target.closest('button, a')) return;
    onEdit(budget);
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
            <button
              type="button"
              onClick={() => onEdit(budget)}
              className="rounded text-left font-medium break-words text-neutral-900 underline-offset-4 hover:underline dark:text-white"
            >
              <span className="sr-only">Edit </span>
              {budget.category}
              <span className="sr-only"> budget</span>
            </button>
          </TableCell>
          <TableCell className={mutedNumber}>{formatBudgetMonth(budget)}</TableCell>
          <TableCell
            align="right"
            stack="end"
            stackLabel="Budget"
            className="text-neutral-900 tabular-nums max-sm:text-sm dark:text-white"
          >
            {formatMoney(budget.amount, currency)}
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
            <BudgetProgress category={budget.category} percent={budget.percent} />
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
