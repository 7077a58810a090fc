import type { Transaction } from '@moneta/shared/transaction-schemas';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { useDeleteTransfer } from '@/lib/accounts/transfers';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDeleteTransactions } from '../api/delete-transactions';
import type { BulkEditFields } from '../api/register-actions';
import { dialogOf, type TransactionsDialog } from '../hooks/use-transactions-dialogs';
import { MakeTransferDialog } from './MakeTransferDialog';
import { TransactionDetailsDialog } from './TransactionDetailsDialog';
import { transferLabel } from './TransactionsTable';

// The forms, and zod with them, load when each is first opened: built with the page, they were
// main-thread time before it could show anything (docs/decisions.md, WEB-42).
const TransactionFormDialog = lazy(async () => ({
  default: (await import('./TransactionFormDialog')).TransactionFormDialog,
}));
const TransferFormDialog = lazy(async () => ({
  default: (await import('@/components/TransferFormDialog')).TransferFormDialog,
}));
const BulkEditDialog = lazy(async () => ({
  default: (await import('./BulkEditDialog')).BulkEditDialog,
}));

/** The categories dialog, given by the route: it belongs to another feature. */
export type RenderManageCategories = (dialog: {
  isOpen: boolean;
  onClose: () => void;
}) => ReactNode;

type TransactionsPageDialogsProps = {
  dialog: TransactionsDialog;
  onClose: () => void;
  accountNames: ReadonlyMap<string, string> | undefined;
  renderManageCategories: RenderManageCategories;
  isBulkEditBusy: boolean;
  onBulkEdit: (set: BulkEditFields) => void;
  onDeletedOne: (transaction: Transaction) => void;
  onDeletedMany: (ids: string[]) => void;
};

/** Every dialog of the Transactions page; the one `dialog` names is open. */
export function TransactionsPageDialogs({
  dialog,
  onClose,
  accountNames,
  renderManageCategories,
  isBulkEditBusy,
  onBulkEdit,
  onDeletedOne,
  onDeletedMany,
}: TransactionsPageDialogsProps) {
  const { t } = useTranslation('transactions');
  const deleteMutation = useDeleteTransactions();
  const deleteTransfer = useDeleteTransfer();
  const form = dialogOf(dialog, 'form');
  const bulkEdit = dialogOf(dialog, 'bulkEdit');
  const hasOpenedForm = useOpenedOnce(form !== null);
  const hasOpenedTransfer = useOpenedOnce(dialog.kind === 'transfer');
  const hasOpenedBulkEdit = useOpenedOnce(bulkEdit !== null);

  return (
    <>
      {/* Each its own boundary: one form loading never hides another. */}
      {hasOpenedForm ? (
        <Suspense fallback={null}>
          <TransactionFormDialog
            isOpen={form !== null}
            transaction={form?.transaction ?? null}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
      {hasOpenedTransfer ? (
        <Suspense fallback={null}>
          <TransferFormDialog isOpen={dialog.kind === 'transfer'} onClose={onClose} />
        </Suspense>
      ) : null}
      {hasOpenedBulkEdit ? (
        <Suspense fallback={null}>
          <BulkEditDialog
            count={bulkEdit?.count ?? null}
            isBusy={isBulkEditBusy}
            error={bulkEdit?.error ?? null}
            onSubmit={onBulkEdit}
            onClose={onClose}
          />
        </Suspense>
      ) : null}
      <MakeTransferDialog
        transactions={dialogOf(dialog, 'convert')?.transactions ?? null}
        onClose={onClose}
        onDone={onClose}
      />
      <ConfirmDeleteDialog
        item={dialogOf(dialog, 'deleteTransfer')?.leg ?? null}
        title={t('page.deleteTransfer.title')}
        description={(leg) =>
          t('page.deleteTransfer.description', { name: transferLabel(leg, accountNames) })
        }
        onDelete={(leg) => deleteTransfer.mutateAsync(leg.transferId!)}
        onDeleted={() => {
          onClose();
          toast.success(t('page.deleteTransfer.deleted'));
        }}
        onClose={onClose}
        failureMessage={(error) => errorMessage(error, t('page.deleteTransfer.error'))}
      />
      <TransactionDetailsDialog
        transaction={dialogOf(dialog, 'details')?.transaction ?? null}
        onClose={onClose}
      />
      {renderManageCategories({ isOpen: dialog.kind === 'categories', onClose })}
      <ConfirmDeleteDialog
        item={dialogOf(dialog, 'deleteOne')?.transaction ?? null}
        title={t('page.deleteOne.title')}
        description={(transaction: Transaction) =>
          t('page.deleteOne.description', { name: transaction.name })
        }
        onDelete={(transaction) => deleteMutation.mutateAsync([transaction._id])}
        onDeleted={(_result, transaction) => {
          onClose();
          onDeletedOne(transaction);
        }}
        onClose={onClose}
        failureMessage={(error) => errorMessage(error, t('page.deleteOne.error'))}
      />
      <ConfirmDeleteDialog
        item={dialogOf(dialog, 'deleteMany')?.ids ?? null}
        title={(ids) => t('page.deleteMany.title', { count: ids.length })}
        description={t('page.deleteMany.description')}
        onDelete={(ids) => deleteMutation.mutateAsync(ids)}
        onDeleted={(_result, ids) => {
          onClose();
          onDeletedMany(ids);
        }}
        onClose={onClose}
        failureMessage={() => t('page.errors.bulkDelete')}
        failureIn="dialog"
      />
    </>
  );
}
