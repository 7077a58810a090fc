import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Link } from 'react-router';
import { DownloadIcon, PencilIcon, PlusIcon, TrashIcon } from '@/components/ui/action-icons';
import { buttonClasses } from '@/components/ui/button-styles';
import { SelectField } from '@/components/ui/SelectField';
import { paths } from '@/config/paths';
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
import { ROWS_PER_PAGE_CHOICES, useRowsPerPage } from '../hooks/use-rows-per-page';
import {
  getMatchingIds,
  useBulkEdit,
  useRestoreFromTrash,
  useRevertBulkEdit,
  type BulkEditFields,
} from '../api/register-actions';
import { BulkEditDialog } from './BulkEditDialog';
import { toastWithUndo } from './UndoToast';
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
const RESTORE_FAILED = 'Failed to restore. Please try again.';
const EDIT_FAILED = 'Failed to change the transactions. Please try again.';
/** The API changes at most this many rows in one call. */
const MAX_BULK = 1000;

const plural = (count: number) => `${count} transaction${count === 1 ? '' : 's'}`;

type Form = { isOpen: boolean; transaction: Transaction | null };

/**
 * The Transactions screen (docs/architecture.md, Product rules): toolbar, filters, table, pager and
 * their dialogs.
 */
export function TransactionsPage() {
  const currency = useCurrency();
  const { filters, page, setFilter, clearFilters, setPage } = useTransactionFilters();
  const { rowsPerPage, setRowsPerPage } = useRowsPerPage();
  const list = useTransactions({ ...filters, page, limit: rowsPerPage });
  const deleteMutation = useDeleteTransactions();
  const bulkEdit = useBulkEdit();
  const revertEdit = useRevertBulkEdit();
  const restore = useRestoreFromTrash();
  const exportMutation = useExportTransactions();
  const accounts = useAccounts().data ?? [];
  const accountNames =
    accounts.length > 1
      ? new Map(accounts.map((account) => [account._id, account.name]))
      : undefined;
  const [isTransferOpen, setIsTransferOpen] = useState(false);

  // The selection belongs to one set of filters: it holds across pages (select on page 1 and on
  // page 2, then act on both), and a change of filters clears it (docs/decisions.md). "All
  // matching" stands for every row the filters select, looked up when an action runs.
  const filtersKey = JSON.stringify(filters);
  const [selection, setSelection] = useState({
    key: filtersKey,
    ids: new Set<string>(),
    isAllMatching: false,
  });
  const isSelectionCurrent = selection.key === filtersKey;
  const selectedIds = isSelectionCurrent ? selection.ids : new Set<string>();
  const isAllMatching = isSelectionCurrent && selection.isAllMatching;
  const total = list.data?.total ?? 0;
  const selectedCount = isAllMatching ? total : selectedIds.size;
  const clearSelection = () =>
    setSelection({ key: filtersKey, ids: new Set(), isAllMatching: false });
  const [bulkEditCount, setBulkEditCount] = useState<number | null>(null);
  const [bulkEditError, setBulkEditError] = useState<string | null>(null);
  const [isCollecting, setIsCollecting] = useState(false);

  /** The ids an action on the selection reaches. */
  async function selectedTransactionIds(): Promise<string[]> {
    return isAllMatching ? getMatchingIds(filters, MAX_BULK) : [...selectedIds];
  }

  function undoDelete(ids: string[]) {
    restore.mutate(ids, {
      onSuccess: () => toast.success(`${plural(ids.length)} restored.`),
      onError: (error) => toast.error(errorMessage(error, RESTORE_FAILED)),
    });
  }

  async function applyBulkEdit(set: BulkEditFields) {
    setBulkEditError(null);
    try {
      setIsCollecting(true);
      const ids = await selectedTransactionIds();
      const result = await bulkEdit.mutateAsync({ ids, set });
      setBulkEditCount(null);
      clearSelection();
      toastWithUndo(`${plural(result.updatedCount)} changed.`, () =>
        revertEdit.mutate(result.previous, {
          onSuccess: () => toast.success('Change undone.'),
          onError: (error) => toast.error(errorMessage(error, RESTORE_FAILED)),
        }),
      );
    } catch (error) {
      setBulkEditError(errorMessage(error, EDIT_FAILED));
    } finally {
      setIsCollecting(false);
    }
  }

  async function askBulkDelete() {
    try {
      setIsCollecting(true);
      setBulkIds(await selectedTransactionIds());
    } catch (error) {
      toast.error(errorMessage(error, BULK_DELETE_FAILED));
    } finally {
      setIsCollecting(false);
    }
  }

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
          {selectedCount > 0 ? (
            <>
              <Button
                variant="secondary"
                disabled={isCollecting}
                onClick={() => {
                  setBulkEditError(null);
                  setBulkEditCount(selectedCount);
                }}
              >
                <PencilIcon />
                Edit ({selectedCount})
              </Button>
              <Button variant="danger" disabled={isCollecting} onClick={() => void askBulkDelete()}>
                <TrashIcon />
                Delete ({selectedCount})
              </Button>
            </>
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
          <Link to={paths.tags} className={buttonClasses({ variant: 'ghost' })}>
            Tags
          </Link>
          <Link to={paths.trash} className={buttonClasses({ variant: 'ghost' })}>
            Trash
          </Link>
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
              <SelectAllMatching
                pageCount={data.transactions.filter((row) => !row.isTransfer).length}
                selectedCount={selectedCount}
                total={data.total}
                isAllMatching={isAllMatching}
                isAllOnPage={
                  data.transactions.some((row) => !row.isTransfer) &&
                  data.transactions.every((row) => row.isTransfer || selectedIds.has(row._id))
                }
                onSelectAll={() =>
                  setSelection({ key: filtersKey, ids: selectedIds, isAllMatching: true })
                }
                onClear={clearSelection}
              />
              <TransactionsTable
                transactions={data.transactions}
                currency={currency}
                selectedIds={
                  isAllMatching
                    ? new Set(data.transactions.map((transaction) => transaction._id))
                    : selectedIds
                }
                onSelectionChange={(ids) => {
                  // Ticking rows on this page: the ones of other pages stay selected.
                  const onPage = new Set(data.transactions.map((row) => row._id));
                  const kept = isAllMatching
                    ? []
                    : [...selectedIds].filter((id) => !onPage.has(id));
                  setSelection({
                    key: filtersKey,
                    ids: new Set([...kept, ...ids]),
                    isAllMatching: false,
                  });
                }}
                onDetails={setDetails}
                onEdit={(transaction) => setForm({ isOpen: true, transaction })}
                onDelete={setToDelete}
                onMakeTransfer={(transaction) => setToConvert([transaction])}
                onDeleteTransfer={setTransferToDelete}
                accountNames={accountNames}
              />
              <Pager page={page} totalPages={data.totalPages} onPageChange={setPage} />
              <div className="mt-4 flex justify-end">
                <SelectField
                  label="Rows per page"
                  value={String(rowsPerPage)}
                  onChange={(event) => {
                    setRowsPerPage(Number(event.target.value));
                    setPage(1);
                  }}
                >
                  {ROWS_PER_PAGE_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {choice}
                    </option>
                  ))}
                </SelectField>
              </div>
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
        description={(transaction) =>
          `"${transaction.name}" will be moved to the Trash, where you can restore it for 30 days.`
        }
        onDelete={(transaction) => deleteMutation.mutateAsync([transaction._id])}
        onDeleted={(_result, transaction) => {
          setToDelete(null);
          toastWithUndo('Transaction deleted.', () => undoDelete([transaction._id]));
          afterDeleting(1);
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, DELETE_FAILED)}
      />
      <ConfirmDeleteDialog
        item={bulkIds}
        title={(ids) => `Delete ${ids.length} transaction${ids.length === 1 ? '' : 's'}?`}
        description="The selected transactions will be moved to the Trash, where you can restore them for 30 days."
        onDelete={(ids) => deleteMutation.mutateAsync(ids)}
        onDeleted={(_result, ids) => {
          setBulkIds(null);
          clearSelection();
          toastWithUndo(`${plural(ids.length)} deleted.`, () => undoDelete(ids));
          afterDeleting(ids.length);
        }}
        onClose={() => setBulkIds(null)}
        failureMessage={() => BULK_DELETE_FAILED}
        failureIn="dialog"
      />
      <BulkEditDialog
        count={bulkEditCount}
        isBusy={isCollecting || bulkEdit.isPending}
        error={bulkEditError}
        onSubmit={(set) => void applyBulkEdit(set)}
        onClose={() => setBulkEditCount(null)}
      />
    </ContentLayout>
  );
}

/**
 * Once a whole page is ticked, offers every row the filters select (up to the 1,000 the API
 * changes at once); then says so, with a way back.
 */
function SelectAllMatching({
  pageCount,
  selectedCount,
  total,
  isAllMatching,
  isAllOnPage,
  onSelectAll,
  onClear,
}: {
  pageCount: number;
  selectedCount: number;
  total: number;
  isAllMatching: boolean;
  isAllOnPage: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  if (selectedCount === 0) return null;
  let text: string;
  let action: { label: string; onClick: () => void } | null = {
    label: 'Clear selection',
    onClick: onClear,
  };
  if (isAllMatching) {
    text = `All ${total} matching transactions are selected.`;
  } else if (isAllOnPage && total > pageCount && total <= MAX_BULK) {
    text = `${selectedCount} selected.`;
    action = { label: `Select all ${total} matching`, onClick: onSelectAll };
  } else if (isAllOnPage && total > MAX_BULK) {
    text = `${selectedCount} selected. Narrow the filters to select more: at most ${MAX_BULK} at once.`;
  } else {
    text = `${selectedCount} selected.`;
  }
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <span>{text}</span>
      {action ? (
        <Button variant="ghost" size="sm" onClick={action.onClick}>
          {action.label}
        </Button>
      ) : null}
      {action && action.label !== 'Clear selection' ? (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      ) : null}
    </div>
  );
}
