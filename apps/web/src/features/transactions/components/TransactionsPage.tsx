import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { toast } from '@/lib/toast';
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

/** The API changes at most this many rows in one call. */
const MAX_BULK = 1000;

type Form = { isOpen: boolean; transaction: Transaction | null };

/**
 * The Transactions screen (docs/architecture.md, Product rules): toolbar, filters, table, pager and
 * their dialogs.
 */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
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
      onSuccess: () => toast.success(t('page.toast.restored', { count: ids.length })),
      onError: (error) => toast.error(errorMessage(error, t('page.errors.restore'))),
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
      toastWithUndo(t('page.toast.changed', { count: result.updatedCount }), () =>
        revertEdit.mutate(result.previous, {
          onSuccess: () => toast.success(t('page.toast.changeUndone')),
          onError: (error) => toast.error(errorMessage(error, t('page.errors.restore'))),
        }),
      );
    } catch (error) {
      setBulkEditError(errorMessage(error, t('page.errors.edit')));
    } finally {
      setIsCollecting(false);
    }
  }

  async function askBulkDelete() {
    try {
      setIsCollecting(true);
      setBulkIds(await selectedTransactionIds());
    } catch (error) {
      toast.error(errorMessage(error, t('page.errors.bulkDelete')));
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
      title={t('page.title')}
      actions={
        <>
          {pair ? (
            <Button variant="secondary" onClick={() => setToConvert(pair)}>
              {t('page.makeTransfer')}
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
                {t('page.editSelected', { count: selectedCount })}
              </Button>
              <Button variant="danger" disabled={isCollecting} onClick={() => void askBulkDelete()}>
                <TrashIcon />
                {t('page.deleteSelected', { count: selectedCount })}
              </Button>
            </>
          ) : null}
          <Button variant="secondary" onClick={() => setIsManagingCategories(true)}>
            {t('page.manageCategories')}
          </Button>
          <Button onClick={() => setForm({ isOpen: true, transaction: null })}>
            <PlusIcon />
            {t('page.addTransaction')}
          </Button>
          <Button variant="secondary" onClick={() => setIsTransferOpen(true)}>
            {t('page.transfer')}
          </Button>
          <Button
            variant="secondary"
            disabled={exportMutation.isPending}
            onClick={() => exportMutation.mutate({ filters })}
          >
            <DownloadIcon />
            {exportMutation.isPending ? t('page.exporting') : t('page.export')}
          </Button>
          {/* Beside the machine format: the same rows as a spreadsheet in the person's language opens them. */}
          <Button
            variant="secondary"
            disabled={exportMutation.isPending}
            onClick={() => exportMutation.mutate({ filters, isForSpreadsheet: true })}
          >
            <DownloadIcon />
            {t('page.exportSpreadsheet')}
          </Button>
          <Link to={paths.tags} className={buttonClasses({ variant: 'ghost' })}>
            {t('page.tags')}
          </Link>
          <Link to={paths.trash} className={buttonClasses({ variant: 'ghost' })}>
            {t('page.trash')}
          </Link>
        </>
      }
    >
      {exportMutation.isError ? (
        <Alert className="mb-4">
          <div className="flex items-center justify-between gap-4">
            <span>{t('page.errors.export')}</span>
            <Button variant="ghost" size="sm" onClick={() => exportMutation.reset()}>
              {t('page.dismiss')}
            </Button>
          </div>
        </Alert>
      ) : null}

      <PendingTransactions />
      <TransactionFilters filters={filters} onChange={setFilter} onClear={clearFilters} />

      <div className="mt-6" aria-busy={list.isFetching}>
        <QueryState
          query={list}
          loading={<SectionSpinner label={t('page.loading')} />}
          failureMessage={(error) => errorMessage(error, t('page.errors.load'))}
          isEmpty={(data) => data.transactions.length === 0}
          empty={
            // A search or filter without hits says so, not that there are no transactions.
            <EmptyState title={isFiltered ? t('page.emptyMatching') : t('page.empty')}>
              {isFiltered ? t('page.emptyFiltered') : null}
            </EmptyState>
          }
        >
          {(data) => (
            <>
              <p className="sr-only" aria-live="polite">
                {t('page.found', { count: data.total })}
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
                  label={t('page.rowsPerPage')}
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
        title={t('page.deleteTransfer.title')}
        description={(leg) =>
          t('page.deleteTransfer.description', { name: transferLabel(leg, accountNames) })
        }
        onDelete={(leg) => deleteTransfer.mutateAsync(leg.transferId!)}
        onDeleted={() => {
          setTransferToDelete(null);
          toast.success(t('page.deleteTransfer.deleted'));
        }}
        onClose={() => setTransferToDelete(null)}
        failureMessage={(error) => errorMessage(error, t('page.deleteTransfer.error'))}
      />
      <TransactionDetailsDialog transaction={details} onClose={() => setDetails(null)} />
      <ManageCategoriesDialog
        isOpen={isManagingCategories}
        onClose={() => setIsManagingCategories(false)}
      />
      <ConfirmDeleteDialog
        item={toDelete}
        title={t('page.deleteOne.title')}
        description={(transaction) => t('page.deleteOne.description', { name: transaction.name })}
        onDelete={(transaction) => deleteMutation.mutateAsync([transaction._id])}
        onDeleted={(_result, transaction) => {
          setToDelete(null);
          toastWithUndo(t('page.deleteOne.deleted'), () => undoDelete([transaction._id]));
          afterDeleting(1);
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, t('page.deleteOne.error'))}
      />
      <ConfirmDeleteDialog
        item={bulkIds}
        title={(ids) => t('page.deleteMany.title', { count: ids.length })}
        description={t('page.deleteMany.description')}
        onDelete={(ids) => deleteMutation.mutateAsync(ids)}
        onDeleted={(_result, ids) => {
          setBulkIds(null);
          clearSelection();
          toastWithUndo(t('page.deleteMany.deleted', { count: ids.length }), () => undoDelete(ids));
          afterDeleting(ids.length);
        }}
        onClose={() => setBulkIds(null)}
        failureMessage={() => t('page.errors.bulkDelete')}
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
  const { t } = useTranslation('transactions');
  const format = useFormat();
  if (selectedCount === 0) return null;
  let text: string;
  // Clearing is the one action, except when the whole of the filters' rows can be selected.
  let selectAll: { label: string; onClick: () => void } | null = null;
  if (isAllMatching) {
    text = t('page.selection.allMatching', { count: total });
  } else if (isAllOnPage && total > pageCount && total <= MAX_BULK) {
    text = t('page.selection.selected', { count: selectedCount });
    selectAll = { label: t('page.selection.selectAll', { count: total }), onClick: onSelectAll };
  } else if (isAllOnPage && total > MAX_BULK) {
    text = t('page.selection.tooMany', { count: selectedCount, max: format.number(MAX_BULK) });
  } else {
    text = t('page.selection.selected', { count: selectedCount });
  }
  return (
    <div
      role="status"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
    >
      <span>{text}</span>
      {selectAll ? (
        <Button variant="ghost" size="sm" onClick={selectAll.onClick}>
          {selectAll.label}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={onClear}>
        {t('page.selection.clear')}
      </Button>
    </div>
  );
}
