import type { Transaction } from '@moneta/shared';
import { PencilIcon, TrashIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
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
};

const headerCell =
  'px-4 py-3 text-left text-xs font-semibold tracking-wide text-neutral-600 uppercase dark:text-neutral-400';
const cell = 'px-4 py-3 align-middle';
const checkboxClasses = 'size-4 rounded accent-emerald-700 dark:accent-emerald-500';

/** One page of transactions; on narrow screens it scrolls sideways inside its own box. */
export function TransactionsTable({
  transactions,
  currency,
  selectedIds,
  onSelectionChange,
  onDetails,
  onEdit,
  onDelete,
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

  return (
    <div
      role="region"
      aria-label="Transactions table"
      tabIndex={0}
      // relative: the visually hidden texts inside must be clipped by this box, not the page.
      className="relative overflow-x-auto rounded-2xl border border-neutral-200 bg-white dark:border-neutral-800 dark:bg-neutral-900"
    >
      <table className="w-full min-w-[760px] text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 dark:border-neutral-800 dark:bg-neutral-900/60">
          <tr>
            <th scope="col" className={`${headerCell} w-10`}>
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
            </th>
            <th scope="col" className={headerCell}>
              Name
            </th>
            <th scope="col" className={headerCell}>
              Category
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Amount
            </th>
            <th scope="col" className={headerCell}>
              Date
            </th>
            <th scope="col" className={headerCell}>
              Note
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200 dark:divide-neutral-800">
          {transactions.map((transaction) => (
            <tr
              key={transaction._id}
              className={
                selectedIds.has(transaction._id)
                  ? 'bg-emerald-50/70 dark:bg-emerald-950/30'
                  : 'hover:bg-neutral-50 dark:hover:bg-neutral-800/40'
              }
            >
              <td className={cell}>
                <input
                  type="checkbox"
                  className={checkboxClasses}
                  aria-label={`Select ${transaction.name}`}
                  checked={selectedIds.has(transaction._id)}
                  onChange={() => toggle(transaction._id)}
                />
              </td>
              <th scope="row" className={`${cell} text-left font-medium`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="max-w-[16rem] truncate text-neutral-900 dark:text-neutral-100">
                    {transaction.name}
                  </span>
                  {transaction.recurringId ? <Badge tone="sky">Recurring</Badge> : null}
                  {transaction.receiptId ? <Badge tone="violet">Receipt</Badge> : null}
                </div>
              </th>
              <td className={`${cell} text-neutral-700 dark:text-neutral-300`}>
                {transaction.category}
              </td>
              <td className={`${cell} text-right whitespace-nowrap`}>
                <SignedAmount
                  amount={transaction.cost}
                  isIncome={transaction.isIncome}
                  currency={currency}
                />
              </td>
              <td className={`${cell} whitespace-nowrap text-neutral-700 dark:text-neutral-300`}>
                {formatCalendarDate(transaction.addedOn)}
              </td>
              <td className={cell}>
                <Button variant="secondary" size="sm" onClick={() => onDetails(transaction)}>
                  Details<span className="sr-only"> of {transaction.name}</span>
                </Button>
              </td>
              <td className={`${cell} text-right whitespace-nowrap`}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit ${transaction.name}`}
                  title="Edit"
                  onClick={() => onEdit(transaction)}
                >
                  <PencilIcon />
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${transaction.name}`}
                  title="Delete"
                  className="text-red-700 hover:text-red-800 dark:text-red-400 dark:hover:text-red-300"
                  onClick={() => onDelete(transaction)}
                >
                  <TrashIcon />
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
