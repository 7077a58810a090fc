import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { DownloadIcon, PlusIcon, TrashIcon } from '@/components/ui/action-icons';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { TransferFormDialog } from '@/components/TransferFormDialog';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { useDeleteTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useDeleteTransactions } from '../api/delete-transactions';
import { useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { PendingTransactions } from '../offline/PendingTransactions';
import { ManageCategoriesDialog } from './ManageCategoriesDialog';
import { Pager } from '@/components/ui/Pager';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';
import { TransactionFilters } from './TransactionFilters';
import { TransactionFormDialog } from './TransactionFormDialog';
import { MakeTransferDialog } from './MakeTransferDialog';
import { TransactionsTable, transferLabel } from './TransactionsTable';

const LOAD_FAILED = 'Failed to load transactions. Please try again.';
const EXPORT_FAILED = 'Failed to export CSV. Please try again.';
const BULK_DELETE_FAILED = 'Failed to delete transactions. Please try again.';
const DELETE_FAILED = 'Failed to delete the transaction. Please try again.';

type Form = { isOpen: boolean; transaction: Transaction | null };

/**
 * The Transactions screen (docs/architecture.md, Product rules): toolbar, filters, table, pager and
 * their dialogs.
 */
export function TransactionsPage() {
  const currency = useCurrency();
  const { filters, page, setFilter, clearFilters, setPage } = useTransactionFilters();
  const list = useTransactions({ ...filters, page });
  const deleteMutation = useDeleteTransactions();
  const exportMutation = useExportTransactions();
  const accounts = useAccounts().data ?? [];
  const accountNames =
    accounts.length > 1
      ? new Map(accounts.map((account) => [account._id, account.name]))
      : undefined;
  const [isTransferOpen, setIsTransferOpen] = useState(false);

  // The selection belongs to one answer of the list: any refresh clears it (docs/architecture.md,
  // Product rules).
  const [selection, setSelection] = useState({ stamp: 0, ids: new Set<string>() });
  const selectedIds = selection.stamp === list.dataUpdatedAt ? selection.ids : new Set<string>();

  const [form, setForm] = useState<Form>({ isOpen: false, transaction: null });
  const [details, setDetails] = useState<Transaction | null>(null);
  const [isManagingCategories, setIsManagingCategories] = useState(false);
  const [toDelete, setToDelete] = useState<Transaction | null>(null);
  // The ids asked about, kept while the dialog is open (a refresh clears the selection).
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);
  const [toConvert, setToConvert] = useState<Transaction[] | null>(null);
  const [transferToDelete, setTransferToDelete] = useState<Transaction | null>(null);
  const deleteTransfer = useDeleteTransfer();

  const transactions = list.data?.transactions ?? [];

  // A page past the end (the URL of a list that since shrank) shows the last page instead.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > list.data.totalPages) {
      setPage(list.data.totalPages);
    }
  }, [list.data, list.isPlaceholderData, page, setPage]);

  /**
   * After deleting every row shown on a page above 1, the previous page is shown
   * (docs/architecture.md, Product rules).
   */
  function afterDeleting(count: number) {
    if (page > 1 && count >= transactions.length) setPage(page - 1);
  }

  const isFiltered = Object.values(filters).some(Boolean);
  // Two selected rows that can be one transfer: an expense and an income of one amount in two
  // accounts.
  const selectedRows = transactions.filter((transaction) => selectedIds.has(transaction._id));
  const pair =
    selectedRows.length === 2 &&
    selectedRows[0]!.isIncome !== selectedRows[1]!.isIncome &&
    selectedRows[0]!.accountId !== selectedRows[1]!.accountId &&
    selectedRows[0]!.cost === selectedRows[1]!.cost
      ? selectedRows
      : null;

  return (
    <ContentLayout
      title="Transactions"
      actions={
        <>
          {pair ? (
            <Button variant="secondary" onClick={() => setToConvert(pair)}>
              Make a transfer
            </Button>
          ) : null}
          {selectedIds.size > 0 ? (
            <Button variant="danger" onClick={() => setBulkIds([...selectedIds])}>
              <TrashIcon />
              Delete ({selectedIds.size})
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => setIsManagingCategories(true)}>
            Manage Categories
          </Button>
          <Button onClick={() => setForm({ isOpen: true, transaction: null })}>
            <PlusIcon />
            Add Transaction
          </Button>
          <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
            Transfer
          </Button>
          <Button
            variant="secondary"
            disabled={exportMutation.isPending}
            onClick={() => exportMutation.mutate(filters)}
          >
            <DownloadIcon />
            {exportMutation.isPending ? 'Exporting...' : 'Export to CSV'}
          </Button>
        </>
      }
    >
      {exportMutation.isError ? (
        <Alert className="mb-4">
          <div className="flex items-center justify-between gap-4">
            <span>{EXPORT_FAILED}</span>
            <Button variant="ghost" size="sm" onClick={() => exportMutation.reset()}>
              Dismiss
            </Button>
          </div>
        </Alert>
      ) : null}

      <PendingTransactions />
      <TransactionFilters filters={filters} onChange={setFilter} onClear={clearFilters} />

      <div className="mt-6" aria-busy={list.isFetching}>
        <QueryState
          query={list}
          loading={<SectionSpinner label="Loading transactions…" />}
          failureMessage={(error) => errorMessage(error, LOAD_FAILED)}
          isEmpty={(data) => data.transactions.length === 0}
          empty={
            <EmptyState title="No Transaction done.">
              {isFiltered ? 'Nothing matches these filters.' : null}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <p className="sr-only" aria-live="polite">
                {`${data.total} transactions found.`}
              </p>
              <TransactionsTable
                transactions={data.transactions}
                currency={currency}
                selectedIds={selectedIds}
                onSelectionChange={(ids) => setSelection({ stamp: list.dataUpdatedAt, ids })}
                onDetails={setDetails}
                onEdit={(transaction) => setForm({ isOpen: true, transaction })}
                onDelete={setToDelete}
                onMakeTransfer={(transaction) => setToConvert([transaction])}
                onDeleteTransfer={setTransferToDelete}
                accountNames={accountNames}
              />
              <Pager page={page} totalPages={data.totalPages} onPageChange={setPage} />
            </>
          )}
        </QueryState>
      </div>

      <TransactionFormDialog
        isOpen={form.isOpen}
        transaction={form.transaction}
        onClose={() => setForm({ isOpen: false, transaction: null })}
      />
      <TransferFormDialog isOpen={isTransferOpen} onClose={() => setIsTransferOpen(false)} />
      <MakeTransferDialog
        transactions={toConvert}
        onClose={() => setToConvert(null)}
        onDone={() => setToConvert(null)}
      />
      <ConfirmDeleteDialog
        item={transferToDelete}
        title="Delete this transfer?"
        description={(leg) =>
          `"${transferLabel(leg, accountNames)}" will be deleted permanently, with its other side.`
        }
        onDelete={(leg) => deleteTransfer.mutateAsync(leg.transferId!)}
        onDeleted={() => {
          setTransferToDelete(null);
          toast.success('Transfer deleted.');
        }}
        onClose={() => setTransferToDelete(null)}
        failureMessage={(error) =>
          errorMessage(error, 'Failed to delete the transfer. Please try again.')
        }
      />
      <TransactionDetailsDialog transaction={details} onClose={() => setDetails(null)} />
      <ManageCategoriesDialog
        isOpen={isManagingCategories}
        onClose={() => setIsManagingCategories(false)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title="Delete this transaction?"
        description={(transaction) => `"${transaction.name}" will be deleted permanently.`}
        onDelete={(transaction) => deleteMutation.mutateAsync([transaction._id])}
        onDeleted={() => {
          setToDelete(null);
          toast.success('Transaction deleted.');
          afterDeleting(1);
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, DELETE_FAILED)}
      />
      <ConfirmDeleteDialog
        item={bulkIds}
        title={(ids) => `Delete ${ids.length} transaction${ids.length === 1 ? '' : 's'}?`}
        description="The selected transactions will be deleted permanently."
        onDelete={(ids) => deleteMutation.mutateAsync(ids)}
        onDeleted={(_result, ids) => {
          setBulkIds(null);
          toast.success(`${ids.length} transaction${ids.length === 1 ? '' : 's'} deleted.`);
          afterDeleting(ids.length);
        }}
        onClose={() => setBulkIds(null)}
        failureMessage={() => BULK_DELETE_FAILED}
        failureIn="dialog"
      />
    </ContentLayout>
  );
}
