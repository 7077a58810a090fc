import type { Transaction } from '@moneta/shared/transaction-schemas';
import { Badge } from '@/components/ui/Badge';
import { RowActions } from '@/components/ui/RowActions';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { formatCalendarDate } from '@/lib/calendar-date-format';
import { SignedAmount } from './SignedAmount';

type TransactionsTableProps = {
  transactions: Transaction[];
  currency: string;
  selectedIds: ReadonlySet<string>;
  onSelectionChange: (ids: Set<string>) => void;
  onDetails: (transaction: Transaction) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  /** Account names by id, when the user has more than one account (an Account column). */
  accountNames?: ReadonlyMap<string, string> | undefined;
};

const checkboxClasses = 'size-4 rounded accent-emerald-700 dark:accent-emerald-500';

/** One page of transactions, each selectable for deleting several at once. */
export function TransactionsTable({
  transactions,
  currency,
  selectedIds,
  onSelectionChange,
  onDetails,
  onEdit,
  onDelete,
  accountNames,
}: TransactionsTableProps) {
  const selectedOnPage = transactions.filter((transaction) => selectedIds.has(transaction._id));
  const isAllSelected = transactions.length > 0 && selectedOnPage.length === transactions.length;
  const isSomeSelected = selectedOnPage.length > 0 && !isAllSelected;

  function toggle(id: string) {
    const next = new Set(selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange(next);
  }

  const columns: TableColumn[] = [
    {
      header: (
        <input
          type="checkbox"
          className={checkboxClasses}
          aria-label="Select all transactions on this page"
          checked={isAllSelected}
          ref={(element) => {
            if (element) element.indeterminate = isSomeSelected;
          }}
          onChange={() =>
            onSelectionChange(
              isAllSelected
                ? new Set()
                : new Set(transactions.map((transaction) => transaction._id)),
            )
          }
        />
      ),
      className: 'w-10',
      isShownOnPhones: true,
    },
    { header: 'Name' },
    { header: 'Category' },
    ...(accountNames ? [{ header: 'Account' }] : []),
    { header: 'Amount', align: 'right' as const },
    { header: 'Date' },
    { header: 'Actions', align: 'right' },
  ];

  return (
    <Table label="Transactions table" columns={columns} minWidthClass="sm:min-w-[680px]">
      {transactions.map((transaction) => (
        <TableRow key={transaction._id} isSelected={selectedIds.has(transaction._id)}>
          <TableCell stack="lead">
            <input
              type="checkbox"
              className={checkboxClasses}
              aria-label={`Select ${transaction.name}`}
              checked={selectedIds.has(transaction._id)}
              onChange={() => toggle(transaction._id)}
            />
          </TableCell>
          <TableRowHeader>
            <div className="flex flex-wrap items-center gap-2">
              <span className="max-w-[16rem] truncate text-neutral-900 max-sm:line-clamp-2 max-sm:max-w-full max-sm:whitespace-normal dark:text-neutral-100">
                {transaction.name}
              </span>
              {transaction.recurringId ? <Badge tone="sky">Recurring</Badge> : null}
              {transaction.receiptId ? <Badge tone="violet">Receipt</Badge> : null}
            </div>
          </TableRowHeader>
          <TableCell className="text-neutral-700 dark:text-neutral-300">
            {transaction.category}
          </TableCell>
          {accountNames ? (
            <TableCell className="text-neutral-700 dark:text-neutral-300">
              {accountNames.get(transaction.accountId) ?? ''}
            </TableCell>
          ) : null}
          <TableCell align="right" stack="end" className="whitespace-nowrap">
            <SignedAmount
              amount={transaction.cost}
              isIncome={transaction.isIncome}
              currency={currency}
            />
          </TableCell>
          <TableCell className="whitespace-nowrap text-neutral-700 dark:text-neutral-300">
            {formatCalendarDate(transaction.addedOn)}
          </TableCell>
          <TableCell align="right" stack="menu">
            <RowActions
              label={`Actions for ${transaction.name}`}
              actions={[
                { label: 'Details', onSelect: () => onDetails(transaction) },
                { label: 'Edit', onSelect: () => onEdit(transaction) },
                { label: 'Delete', onSelect: () => onDelete(transaction), isDanger: true },
              ]}
            />
          </TableCell>
        </TableRow>
      ))}
    </Table>
  );
}
