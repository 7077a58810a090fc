import type { Transaction, TransactionPage } from '@moneta/shared/transaction-schemas';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/Pager';
import { SelectField } from '@/components/ui/SelectField';
import type { MemberNames } from '@/lib/households/get-members';
import { ROWS_PER_PAGE_CHOICES } from '../hooks/use-rows-per-page';
import type { TransactionSelection } from '../hooks/use-transaction-selection';
import { SelectAllMatching } from './SelectAllMatching';
import { TransactionsTable } from './TransactionsTable';

type TransactionsResultsProps = {
  data: TransactionPage;
  currency: string;
  selection: TransactionSelection;
  page: number;
  rowsPerPage: number;
  accountNames: ReadonlyMap<string, string> | undefined;
  memberNames: MemberNames | undefined;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rows: number) => void;
  onDetails: (transaction: Transaction) => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
  onMakeTransfer: (transaction: Transaction) => void;
  onDeleteTransfer: (leg: Transaction) => void;
};

/** One page of the list: how many were found, the selection, the table and the pager. */
export function TransactionsResults({
  data,
  currency,
  selection,
  page,
  rowsPerPage,
  accountNames,
  memberNames,
  onPageChange,
  onRowsPerPageChange,
  ...rowActions
}: TransactionsResultsProps) {
  const { t } = useTranslation('transactions');
  const { selectedIds, isAllMatching } = selection;
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {t('page.found', { count: data.total })}
      </p>
      <SelectAllMatching
        pageCount={data.transactions.filter((row) => !row.isTransfer).length}
        selectedCount={selection.selectedCount}
        total={data.total}
        isAllMatching={isAllMatching}
        isAllOnPage={
          data.transactions.some((row) => !row.isTransfer) &&
          data.transactions.every((row) => row.isTransfer || selectedIds.has(row._id))
        }
        onSelectAll={selection.selectAllMatching}
        onClear={selection.clear}
      />
      <TransactionsTable
        transactions={data.transactions}
        currency={currency}
        selectedIds={
          isAllMatching
            ? new Set(data.transactions.map((transaction) => transaction._id))
            : selectedIds
        }
        onSelectionChange={(ids) => selection.selectOnPage(data.transactions, ids)}
        accountNames={accountNames}
        memberNames={memberNames}
        {...rowActions}
      />
      <Pager page={page} totalPages={data.totalPages} onPageChange={onPageChange} />
      <div className="mt-4 flex justify-end">
        <SelectField
          label={t('page.rowsPerPage')}
          value={String(rowsPerPage)}
          onChange={(event) => onRowsPerPageChange(Number(event.target.value))}
        >
          {ROWS_PER_PAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}
