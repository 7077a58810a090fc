import type { Recurring } from '@moneta/shared/recurring-schemas';
import { Trans, useTranslation } from 'react-i18next';
import { RowActions } from '@/components/ui/RowActions';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { useCurrency } from '@/lib/auth/use-currency';
import { useFormat } from '@/lib/i18n/use-format';
import { frequencyLabel } from '../utils/frequency-label';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';

type RecurringTableProps = {
  recurringRules: Recurring[];
  onEdit: (recurring: Recurring) => void;
  onDelete: (recurring: Recurring) => void;
};

const mutedText = 'text-neutral-700 dark:text-neutral-300';

/** The recurring transactions (docs/architecture.md, Product rules). */
export function RecurringTable({ recurringRules, onEdit, onDelete }: RecurringTableProps) {
  const { t } = useTranslation('recurring-transactions');
  const categoryName = useCategoryName();
  const format = useFormat();
  const currency = useCurrency();
  const canWrite = useCanWrite();
  const columns: TableColumn[] = [
    { header: t('table.columns.name'), isSticky: true },
    { header: t('table.columns.category') },
    { header: t('table.columns.amount'), align: 'right' },
    { header: t('table.columns.type') },
    { header: t('table.columns.frequency') },
    { header: t('table.columns.nextDue') },
    ...(canWrite ? [{ header: t('table.columns.actions'), align: 'right' as const }] : []),
  ];
  return (
    <Table
      label={t('table.label')}
      caption={t('table.caption')}
      columns={columns}
      minWidthClass="sm:min-w-[760px]"
    >
      {recurringRules.map((recurringRule) => (
        <TableRow key={recurringRule._id}>
          <TableRowHeader isSticky className="break-words text-neutral-900 dark:text-white">
            {recurringRule.name}
          </TableRowHeader>
          <TableCell className={mutedText}>{categoryName(recurringRule.category)}</TableCell>
          <TableCell
            align="right"
            stack="end"
            className={`font-semibold whitespace-nowrap tabular-nums ${
              recurringRule.isIncome
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400'
            }`}
          >
            {`${recurringRule.isIncome ? '+' : '-'}${format.money(recurringRule.amount, currency)}`}
          </TableCell>
          <TableCell>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${
                recurringRule.isIncome
                  ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                  : 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
              }`}
            >
              {recurringRule.isIncome ? t('table.income') : t('table.expense')}
            </span>
          </TableCell>
          <TableCell className={mutedText}>
            {frequencyLabel(t, recurringRule.frequency, recurringRule.interval)}
          </TableCell>
          <TableCell
            stackLabel={t('table.nextDueStack')}
            className={`whitespace-nowrap ${mutedText}`}
          >
            {recurringRule.isEnded && recurringRule.endDate ? (
              <Trans
                t={t}
                i18nKey="table.ended"
                values={{ date: format.date(recurringRule.endDate) }}
                components={{ time: <time dateTime={recurringRule.endDate} /> }}
              />
            ) : (
              <time dateTime={recurringRule.nextDueDate}>
                {format.date(recurringRule.nextDueDate)}
              </time>
            )}
          </TableCell>
          {canWrite ? (
            <TableCell align="right" stack="menu">
              <RowActions
                label={t('table.actionsFor', { name: recurringRule.name })}
                actions={[
                  { label: t('table.edit'), onSelect: () => onEdit(recurringRule) },
                  {
                    label: t('table.delete'),
                    onSelect: () => onDelete(recurringRule),
                    isDanger: true,
                  },
                ]}
              />
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </Table>
  );
}
