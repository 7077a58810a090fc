import type { Budget } from '@moneta/shared/budget-schemas';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { RowActions } from '@/components/ui/RowActions';
import { Table, TableCell, TableRow, type TableColumn } from '@/components/ui/Table';
import { UnconvertedNotice } from '@/components/UnconvertedNotice';
import { useCurrency } from '@/lib/auth/use-currency';
import { useFormat } from '@/lib/i18n/use-format';
import { budgetTransactionsPath, formatBudgetMonth } from '../utils/budget-month';
import { BudgetProgress } from './BudgetProgress';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';

type BudgetsTableProps = {
  budgets: Budget[];
  caption: string;
  onEdit: (budget: Budget) => void;
  onDelete: (budget: Budget) => void;
};

const mutedNumber = 'text-neutral-700 tabular-nums dark:text-neutral-300';

/**
 * The budgets of the month shown (docs/architecture.md, Product rules). A row opens the
 * category's expenses of that month on the Transactions page; the category is also a link so
 * that the keyboard can do the same. Edit and Delete are in the row's menu. A budget that rolls
 * over shows what it carried in and what is available under its amount; one repeated from an
 * earlier month says from which.
 */
export function BudgetsTable({ budgets, caption, onEdit, onDelete }: BudgetsTableProps) {
  const { t } = useTranslation('budgets');
  const categoryName = useCategoryName();
  const format = useFormat();
  const currency = useCurrency();
  const navigate = useNavigate();
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('table.columns.category'), isSticky: true },
    { header: t('table.columns.month') },
    { header: t('table.columns.budget'), align: 'right' },
    { header: t('table.columns.spent'), align: 'right' },
    { header: t('table.columns.remaining'), align: 'right' },
    { header: t('table.columns.progress') },
    ...(canWrite ? [{ header: t('table.columns.actions'), align: 'right' as const }] : []),
  ];

  function onRowClick(event: MouseEvent<HTMLTableRowElement>, budget: Budget) {
    // Buttons and links in the row (and its menu, drawn elsewhere) do their own thing.
    if (!(event.target instanceof Element) || !event.currentTarget.contains(event.target)) return;
    if (event.target.closest('button, a')) return;
    void navigate(budgetTransactionsPath(budget));
  }

  return (
    <Table label={caption} caption={caption} columns={columns} minWidthClass="sm:min-w-[760px]">
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
              {categoryName(budget.category)}
              <span className="sr-only">
                {t('table.categoryLink', { month: format.monthYear(budget.year, budget.month) })}
              </span>
            </Link>
          </TableCell>
          <TableCell className={mutedNumber}>
            {formatBudgetMonth(budget)}
            {budget.repeatedFrom ? (
              <span
                data-testid="budget-repeated"
                className="block text-xs text-neutral-600 dark:text-neutral-400"
              >
                {t('table.repeatsFrom', {
                  month: format.monthYear(budget.repeatedFrom.year, budget.repeatedFrom.month),
                })}
              </span>
            ) : null}
          </TableCell>
          <TableCell
            align="right"
            stack="end"
            stackLabel={t('table.columns.budget')}
            className="text-neutral-900 tabular-nums max-sm:text-sm dark:text-white"
          >
            {format.money(budget.amount, currency)}
            {budget.rollover ? (
              <span
                data-testid="budget-rollover"
                className="block text-xs font-normal text-neutral-600 dark:text-neutral-400"
              >
                {t('table.carried', {
                  amount: `${budget.carried < 0 ? '−' : '+'}${format.money(Math.abs(budget.carried), currency)}`,
                })}
                {/* Two lines on a phone, so that the category keeps its width. */}
                <span className="max-sm:block">
                  <span className="max-sm:hidden"> · </span>
                  {t('table.available', { amount: format.money(budget.available, currency) })}
                </span>
              </span>
            ) : null}
          </TableCell>
          <TableCell align="right" stackLabel={t('table.columns.spent')} className={mutedNumber}>
            {format.money(budget.spent, currency)}
            <UnconvertedNotice count={budget.unconverted} className="mt-0.5 whitespace-nowrap" />
          </TableCell>
          <TableCell
            align="right"
            stackLabel={t('table.columns.remaining')}
            data-negative={budget.remaining < 0}
            className={
              budget.remaining < 0
                ? 'font-semibold text-red-700 tabular-nums dark:text-red-400'
                : mutedNumber
            }
          >
            {format.money(budget.remaining, currency)}
          </TableCell>
          <TableCell stack="full">
            <BudgetProgress
              category={categoryName(budget.category)}
              percent={budget.percent}
              remaining={budget.remaining}
            />
          </TableCell>
          {canWrite ? (
            <TableCell align="right" stack="menu">
              <RowActions
                label={t('table.actionsFor', { category: categoryName(budget.category) })}
                actions={[
                  { label: t('table.edit'), onSelect: () => onEdit(budget) },
                  { label: t('table.delete'), onSelect: () => onDelete(budget), isDanger: true },
                ]}
              />
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </Table>
  );
}
