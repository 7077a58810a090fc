import { formatMoney } from '@moneta/shared/money';
import type { Recurring } from '@moneta/shared/recurring-schemas';
import { RowActions } from '@/components/ui/RowActions';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { useCurrency } from '@/lib/auth/use-currency';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { frequencyLabel } from '../utils/frequency-label';

type RecurringTableProps = {
  recurringRules: Recurring[];
  onEdit: (recurring: Recurring) => void;
  onDelete: (recurring: Recurring) => void;
};

const COLUMNS: TableColumn[] = [
  { header: 'Name', isSticky: true },
  { header: 'Category' },
  { header: 'Amount', align: 'right' },
  { header: 'Type' },
  { header: 'Frequency' },
  { header: 'Next Due' },
  { header: 'Actions', align: 'right' },
];

const mutedText = 'text-neutral-700 dark:text-neutral-300';

/** The recurring transactions (docs/architecture.md, Product rules). */
export function RecurringTable({ recurringRules, onEdit, onDelete }: RecurringTableProps) {
  const currency = useCurrency();
  return (
    <Table
      label="Recurring transactions"
      caption="Recurring transactions, the next one due first"
      columns={COLUMNS}
      minWidthClass="sm:min-w-[760px]"
    >
      {recurringRules.map((recurringRule) => (
        <TableRow key={recurringRule._id}>
          <TableRowHeader isSticky className="break-words text-neutral-900 dark:text-white">
            {recurringRule.name}
          </TableRowHeader>
          <TableCell className={mutedText}>{recurringRule.category}</TableCell>
          <TableCell
            align="right"
            stack="end"
            className={`font-semibold whitespace-nowrap tabular-nums ${
              recurringRule.isIncome
                ? 'text-emerald-700 dark:text-emerald-400'
                : 'text-red-700 dark:text-red-400'
            }`}
          >
            {`${recurringRule.isIncome ? '+' : '-'}${formatMoney(recurringRule.amount, currency)}`}
          </TableCell>
          <TableCell>
            <span
              className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ${
                recurringRule.isIncome
                  ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200'
                  : 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200'
              }`}
            >
              {recurringRule.isIncome ? 'Income' : 'Expense'}
            </span>
          </TableCell>
          <TableCell className={mutedText}>
            {frequencyLabel(recurringRule.frequency, recurringRule.interval)}
          </TableCell>
          <TableCell stackLabel="Next due" className={`whitespace-nowrap ${mutedText}`}>
            {recurringRule.isEnded && recurringRule.endDate ? (
              <>
                Ended{' '}
                <time dateTime={recurringRule.endDate}>
                  {formatCalendarDate(recurringRule.endDate)}
                </time>
              </>
            ) : (
              <time dateTime={recurringRule.nextDueDate}>
                {formatCalendarDate(recurringRule.nextDueDate)}
              </time>
            )}
          </TableCell>
          <TableCell align="right" stack="menu">
            <RowActions
              label={`Actions for ${recurringRule.name}`}
              actions={[
                { label: 'Edit', onSelect: () => onEdit(recurringRule) },
                { label: 'Delete', onSelect: () => onDelete(recurringRule), isDanger: true },
              ]}
            />
          </TableCell>
        </TableRow>
      ))}
    </Table>
  );
}
