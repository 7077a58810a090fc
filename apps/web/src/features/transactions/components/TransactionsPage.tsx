import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/EmptyState';
import { QueryState } from '@/components/ui/QueryState';
import { SectionSpinner } from '@/components/ui/Spinner';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { errorMessage } from '@/lib/api-client';
import { useCurrency } from '@/lib/auth/use-currency';
import { useMemberNames } from '@/lib/households/get-members';
import { useExportTransactions } from '../api/export-transactions';
import { useTransactions } from '../api/get-transactions';
import { PendingTransactions } from '../offline/PendingTransactions';
import { useRowsPerPage } from '../hooks/use-rows-per-page';
import { useTransactionBulkActions } from '../hooks/use-transaction-bulk-actions';
import { useTransactionFilters } from '../hooks/use-transaction-filters';
import { useTransactionSelection } from '../hooks/use-transaction-selection';
import { useTransactionsDialogs } from '../hooks/use-transactions-dialogs';
import { TransactionFilters } from './TransactionFilters';
import { TransactionsPageDialogs, type RenderManageCategories } from './TransactionsPageDialogs';
import { TransactionsResults } from './TransactionsResults';
import { TransactionsToolbar } from './TransactionsToolbar';

/**
 * The Transactions screen (docs/architecture.md, Product rules): toolbar, filters, table, pager and
 * their dialogs. The categories dialog comes from the route, as it belongs to another feature.
 */
export function TransactionsPage({
  renderManageCategories,
}: {
  renderManageCategories: RenderManageCategories;
}) {
  const { t } = useTranslation('transactions');
  const currency = useCurrency();
  const { filters, page, setFilter, clearFilters, setPage } = useTransactionFilters();
  const { rowsPerPage, setRowsPerPage } = useRowsPerPage();
  const list = useTransactions({ ...filters, page, limit: rowsPerPage });
  const exportMutation = useExportTransactions();
  const accounts = useAccounts().data ?? [];
  const accountNames =
    accounts.length > 1
      ? new Map(accounts.map((account) => [account._id, account.name]))
      : undefined;
  const memberNames = useMemberNames();
  const transactions = list.data?.transactions ?? [];
  const selection = useTransactionSelection(filters, transactions, list.data?.total ?? 0);
  const dialogs = useTransactionsDialogs();
  const actions = useTransactionBulkActions({
    selection,
    dialogs,
    // After deleting every row shown on a page above 1, the previous page is shown
    // (docs/architecture.md, Product rules).
    afterDeleting: (count) => {
      if (page > 1 && count >= transactions.length) setPage(page - 1);
    },
  });

  // A page past the end (the URL of a list that since shrank) shows the last page instead.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && page > list.data.totalPages) {
      setPage(list.data.totalPages);
    }
  }, [list.data, list.isPlaceholderData, page, setPage]);

  const isFiltered = Object.values(filters).some(Boolean);
  const { open } = dialogs;

  return (
    <ContentLayout
      title={t('page.title')}
      actions={
        <TransactionsToolbar
          pair={selection.pair}
          selectedCount={selection.selectedCount}
          isCollecting={actions.isCollecting}
          isExporting={exportMutation.isPending}
          onMakeTransfer={(pair) => open({ kind: 'convert', transactions: pair })}
          onEditSelected={() =>
            open({ kind: 'bulkEdit', count: selection.selectedCount, error: null })
          }
          onDeleteSelected={() => void actions.askBulkDelete()}
          onManageCategories={() => open({ kind: 'categories' })}
          onAdd={() => open({ kind: 'form', transaction: null })}
          onTransfer={() => open({ kind: 'transfer' })}
          onExport={(options) => exportMutation.mutate({ filters, ...options })}
        />
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
            <TransactionsResults
              data={data}
              currency={currency}
              selection={selection}
              page={page}
              rowsPerPage={rowsPerPage}
              accountNames={accountNames}
              memberNames={memberNames}
              onPageChange={setPage}
              onRowsPerPageChange={(rows) => {
                setRowsPerPage(rows);
                setPage(1);
              }}
              onDetails={(transaction) => open({ kind: 'details', transaction })}
              onEdit={(transaction) => open({ kind: 'form', transaction })}
              onDelete={(transaction) => open({ kind: 'deleteOne', transaction })}
              onMakeTransfer={(transaction) =>
                open({ kind: 'convert', transactions: [transaction] })
              }
              onDeleteTransfer={(leg) => open({ kind: 'deleteTransfer', leg })}
            />
          )}
        </QueryState>
      </div>

      <TransactionsPageDialogs
        dialog={dialogs.dialog}
        onClose={dialogs.close}
        accountNames={accountNames}
        renderManageCategories={renderManageCategories}
        isBulkEditBusy={actions.isBulkEditBusy}
        onBulkEdit={(set) => void actions.applyBulkEdit(set)}
        onDeletedOne={actions.deletedOne}
        onDeletedMany={actions.deletedMany}
      />
    </ContentLayout>
  );
}
