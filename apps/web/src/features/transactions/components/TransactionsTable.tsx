import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/Badge';
import { RowActions } from '@/components/ui/RowActions';
import {
  Table,
  TableCell,
  TableRow,
  TableRowHeader,
  type TableColumn,
} from '@/components/ui/Table';
import { runningI18n } from '@/lib/i18n/current';
import { useFormat } from '@/lib/i18n/use-format';
import { AuthorLabel } from '@/components/AuthorLabel';
import { MoneyWithBase } from '@/components/MoneyWithBase';
import type { MemberNames } from '@/lib/households/get-members';
import { useCanWrite } from '@/lib/households/use-can-write';
import { SignedAmount } from './SignedAmount';
import { useCategoryName } from '@/lib/categories/category-name';

type TransactionsTableProps = {
  transactions: Transaction[];
  currency: string;
  selectedIds: ReadonlySet<string>;
  onSelectionChange: (ids: Set<string>) => void;
  onDetails: (transaction: Transaction) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  /** Turn a transaction into a transfer to or from another account. */
  onMakeTransfer: (transaction: Transaction) => void;
  /** Delete the transfer a leg belongs to. */
  onDeleteTransfer: (leg: Transaction) => void;
  /** Account names by id, when the user has more than one account (an Account column). */
  accountNames?: ReadonlyMap<string, string> | undefined;
  /** Members' names by user id, in a household of more than one: each row says who entered it. */
  memberNames?: MemberNames | undefined;
};

/** A transfer's leg as its row names it: which way the money went, and the other account. */
export function transferLabel(
  leg: Pick<Transaction, 'isIncome' | 'transferAccountId'>,
  accountNames: ReadonlyMap<string, string> | undefined,
): string {
  const other =
    (leg.transferAccountId && accountNames?.get(leg.transferAccountId)) ||
    runningI18n().t('transactions:table.anotherAccount');
  return leg.isIncome
    ? runningI18n().t('transactions:table.transferFrom', { name: other })
    : runningI18n().t('transactions:table.transferTo', { name: other });
}

const checkboxClasses = 'size-4 rounded accent-emerald-700 dark:accent-emerald-500';

/**
 * One page of transactions, each selectable for deleting several at once. A viewer's rows have no
 * checkbox, and only their details to open.
 */
export function TransactionsTable({
  transactions,
  currency,
  selectedIds,
  onSelectionChange,
  onDetails,
  onEdit,
  onDelete,
  onMakeTransfer,
  onDeleteTransfer,
  accountNames,
  memberNames,
}: TransactionsTableProps) {
  const { t } = useTranslation('transactions');
  const canWrite = useCanWrite();
  // Transfer legs are not transactions: they are changed through their transfer, not selected.
  const selectable = transactions.filter((transaction) => !transaction.isTransfer);
  const selectedOnPage = selectable.filter((transaction) => selectedIds.has(transaction._id));
  const isAllSelected = selectable.length > 0 && selectedOnPage.length === selectable.length;
  const isSomeSelected = selectedOnPage.length > 0 && !isAllSelected;

  function toggle(id: string) {
    const next = new Set(selectedIds);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange(next);
  }

  const selectAllColumn: TableColumn = {
    header: (
      <input
        type="checkbox"
        className={checkboxClasses}
        aria-label={t('table.selectAll')}
        checked={isAllSelected}
        ref={(element) => {
          if (element) element.indeterminate = isSomeSelected;
        }}
        onChange={() =>
          onSelectionChange(
            isAllSelected ? new Set() : new Set(selectable.map((transaction) => transaction._id)),
          )
        }
      />
    ),
    className: 'w-10',
    isShownOnPhones: true,
  };
  const columns: TableColumn[] = [
    ...(canWrite ? [selectAllColumn] : []),
    { header: t('table.name') },
    { header: t('table.category') },
    ...(accountNames ? [{ header: t('table.account') }] : []),
    { header: t('table.amount'), align: 'right' as const },
    { header: t('table.date') },
    { header: t('table.actions'), align: 'right' },
  ];

  return (
    <Table label={t('table.label')} columns={columns} minWidthClass="sm:min-w-[680px]">
      {transactions.map((transaction) =>
        transaction.isTransfer ? (
          <TransferLegRow
            key={transaction._id}
            leg={transaction}
            currency={currency}
            accountNames={accountNames}
            memberNames={memberNames}
            onDetails={onDetails}
            onDeleteTransfer={onDeleteTransfer}
          />
        ) : (
          <TransactionRow
            key={transaction._id}
            transaction={transaction}
            currency={currency}
            isSelected={selectedIds.has(transaction._id)}
            onToggle={() => toggle(transaction._id)}
            accountNames={accountNames}
            memberNames={memberNames}
            onDetails={onDetails}
            onEdit={onEdit}
            onDelete={onDelete}
            onMakeTransfer={onMakeTransfer}
          />
        ),
      )}
    </Table>
  );
}

type TransactionRowProps = Pick<
  TransactionsTableProps,
  | 'currency'
  | 'accountNames'
  | 'memberNames'
  | 'onDetails'
  | 'onEdit'
  | 'onDelete'
  | 'onMakeTransfer'
> & { transaction: Transaction; isSelected: boolean; onToggle: () => void };

/** One transaction: its checkbox, what it is, and its actions (a viewer's: its details only). */
function TransactionRow({
  transaction,
  currency,
  isSelected,
  onToggle,
  accountNames,
  memberNames,
  onDetails,
  onEdit,
  onDelete,
  onMakeTransfer,
}: TransactionRowProps) {
  const { t } = useTranslation('transactions');
  const categoryName = useCategoryName();
  const format = useFormat();
  const canWrite = useCanWrite();
  return (
    <TableRow isSelected={isSelected}>
      {canWrite ? (
        <TableCell stack="lead">
          <input
            type="checkbox"
            className={checkboxClasses}
            aria-label={t('table.select', { name: transaction.name })}
            checked={isSelected}
            onChange={onToggle}
          />
        </TableCell>
      ) : null}
      <TableRowHeader>
        <div className="flex flex-wrap items-center gap-2">
          <span className="max-w-[16rem] truncate text-neutral-900 max-sm:line-clamp-2 max-sm:max-w-full max-sm:whitespace-normal dark:text-neutral-100">
            {transaction.name}
          </span>
          {transaction.isPending ? <Badge>{t('table.pending')}</Badge> : null}
          {transaction.recurringId ? <Badge tone="sky">{t('table.recurring')}</Badge> : null}
          {transaction.receiptId ? <Badge tone="violet">{t('table.receipt')}</Badge> : null}
          {/* A split transaction says so: its category cell names only its largest part's. */}
          {transaction.splits?.length ? (
            <Badge>{t('table.split', { count: transaction.splits.length })}</Badge>
          ) : null}
          {/* An answer cached from before tags existed has none. */}
          {(transaction.tags ?? []).map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700 dark:bg-neutral-800 dark:text-neutral-300"
            >
              <span className="sr-only">{t('table.tagPrefix')} </span>#{tag}
            </span>
          ))}
          <AuthorLabel
            createdBy={transaction.createdBy}
            memberNames={memberNames}
            className="basis-full"
          />
        </div>
      </TableRowHeader>
      <TableCell className="text-neutral-700 dark:text-neutral-300">
        {categoryName(transaction.category)}
      </TableCell>
      {accountNames ? (
        <TableCell className="text-neutral-700 dark:text-neutral-300">
          {accountNames.get(transaction.accountId) ?? ''}
        </TableCell>
      ) : null}
      <TableCell align="right" stack="end" className="whitespace-nowrap">
        <SignedAmount transaction={transaction} baseCurrency={currency} />
      </TableCell>
      <TableCell className="whitespace-nowrap text-neutral-700 dark:text-neutral-300">
        {format.date(transaction.addedOn)}
      </TableCell>
      <TableCell align="right" stack="menu">
        <RowActions
          label={t('table.actionsFor', { name: transaction.name })}
          actions={[
            { label: t('table.details'), onSelect: () => onDetails(transaction) },
            ...(canWrite
              ? [
                  { label: t('table.edit'), onSelect: () => onEdit(transaction) },
                  { label: t('table.makeTransfer'), onSelect: () => onMakeTransfer(transaction) },
                  {
                    label: t('table.delete'),
                    onSelect: () => onDelete(transaction),
                    isDanger: true,
                  },
                ]
              : []),
          ]}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * A transfer's leg: money moved between the user's own accounts, shown apart from income and
 * expense (a ⇄ mark, the other account, an amount in neutral colour with its direction).
 */
function TransferLegRow({
  leg,
  currency,
  accountNames,
  memberNames,
  onDetails,
  onDeleteTransfer,
}: {
  leg: Transaction;
  currency: string;
  accountNames: ReadonlyMap<string, string> | undefined;
  memberNames: MemberNames | undefined;
  onDetails: (transaction: Transaction) => void;
  onDeleteTransfer: (leg: Transaction) => void;
}) {
  const { t } = useTranslation('transactions');
  const format = useFormat();
  const canWrite = useCanWrite();
  const label = transferLabel(leg, accountNames);
  const mark = (
    <span
      aria-hidden="true"
      className="inline-flex size-4 items-center justify-center text-sky-700 dark:text-sky-300"
    >
      ⇄
    </span>
  );
  return (
    <TableRow>
      {/* Without the checkbox column (a viewer's), the mark goes before the label. */}
      {canWrite ? <TableCell stack="lead">{mark}</TableCell> : null}
      <TableRowHeader>
        <div className="flex flex-wrap items-center gap-2">
          {canWrite ? null : mark}
          <span className="max-w-[16rem] truncate text-neutral-900 max-sm:line-clamp-2 max-sm:max-w-full max-sm:whitespace-normal dark:text-neutral-100">
            {label}
          </span>
          {leg.note ? (
            <span className="max-w-[16rem] truncate text-xs text-neutral-600 dark:text-neutral-400">
              {leg.note}
            </span>
          ) : null}
          <AuthorLabel createdBy={leg.createdBy} memberNames={memberNames} className="basis-full" />
        </div>
      </TableRowHeader>
      <TableCell>
        <Badge tone="sky">{t('table.transfer')}</Badge>
      </TableCell>
      {accountNames ? (
        <TableCell className="text-neutral-700 dark:text-neutral-300">
          {accountNames.get(leg.accountId) ?? ''}
        </TableCell>
      ) : null}
      <TableCell align="right" stack="end" className="whitespace-nowrap">
        <span className="font-medium text-neutral-800 tabular-nums dark:text-neutral-200">
          <span className="sr-only">
            {leg.isIncome ? t('table.moneyIn') : t('table.moneyOut')}{' '}
          </span>
          <MoneyWithBase
            amount={leg.cost}
            currency={leg.currency}
            baseAmount={leg.baseCost}
            baseCurrency={currency}
            sign={leg.isIncome ? '+' : '-'}
          />
        </span>
      </TableCell>
      <TableCell className="whitespace-nowrap text-neutral-700 dark:text-neutral-300">
        {format.date(leg.addedOn)}
      </TableCell>
      <TableCell align="right" stack="menu">
        <RowActions
          label={t('table.actionsFor', { name: label })}
          actions={[
            { label: t('table.details'), onSelect: () => onDetails(leg) },
            ...(canWrite
              ? [
                  {
                    label: t('table.deleteTransfer'),
                    onSelect: () => onDeleteTransfer(leg),
                    isDanger: true,
                  },
                ]
              : []),
          ]}
        />
      </TableCell>
    </TableRow>
  );
}
