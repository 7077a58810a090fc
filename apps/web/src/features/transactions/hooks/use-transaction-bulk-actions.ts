import type { Transaction } from '@moneta/shared/transaction-schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import {
  useBulkEdit,
  useRestoreFromTrash,
  useRevertBulkEdit,
  type BulkEditFields,
} from '../api/register-actions';
import { toastWithUndo } from '../components/UndoToast';
import type { TransactionSelection } from './use-transaction-selection';
import type { TransactionsDialogs } from './use-transactions-dialogs';

/**
 * What the Transactions page does to the selection (edit, delete) and to deleted rows (undo),
 * each said in a toast with a way back.
 */
export function useTransactionBulkActions({
  selection,
  dialogs,
  afterDeleting,
}: {
  selection: TransactionSelection;
  dialogs: TransactionsDialogs;
  /** Rows are gone from the list: the page may have to change. */
  afterDeleting: (count: number) => void;
}) {
  const { t } = useTranslation('transactions');
  const bulkEdit = useBulkEdit();
  const revertEdit = useRevertBulkEdit();
  const restore = useRestoreFromTrash();
  // While the ids of "all matching" are looked up, before the action itself.
  const [isCollecting, setIsCollecting] = useState(false);

  function undoDelete(ids: string[]) {
    restore.mutate(ids, {
      onSuccess: () => toast.success(t('page.toast.restored', { count: ids.length })),
      onError: (error) => toast.error(errorMessage(error, t('page.errors.restore'))),
    });
  }

  async function applyBulkEdit(set: BulkEditFields) {
    dialogs.setBulkEditError(null);
    try {
      setIsCollecting(true);
      const ids = await selection.collectIds();
      const result = await bulkEdit.mutateAsync({ ids, set });
      dialogs.close();
      selection.clear();
      toastWithUndo(t('page.toast.changed', { count: result.updatedCount }), () =>
        revertEdit.mutate(result.previous, {
          onSuccess: () => toast.success(t('page.toast.changeUndone')),
          onError: (error) => toast.error(errorMessage(error, t('page.errors.restore'))),
        }),
      );
    } catch (error) {
      dialogs.setBulkEditError(errorMessage(error, t('page.errors.edit')));
    } finally {
      setIsCollecting(false);
    }
  }

  async function askBulkDelete() {
    try {
      setIsCollecting(true);
      dialogs.open({ kind: 'deleteMany', ids: await selection.collectIds() });
    } catch (error) {
      toast.error(errorMessage(error, t('page.errors.bulkDelete')));
    } finally {
      setIsCollecting(false);
    }
  }

  return {
    isCollecting,
    deletedOne: (transaction: Transaction) => {
      toastWithUndo(t('page.deleteOne.deleted'), () => undoDelete([transaction._id]));
      afterDeleting(1);
    },
    deletedMany: (ids: string[]) => {
      selection.clear();
      toastWithUndo(t('page.deleteMany.deleted', { count: ids.length }), () => undoDelete(ids));
      afterDeleting(ids.length);
    },
    isBulkEditBusy: isCollecting || bulkEdit.isPending,
    applyBulkEdit,
    askBulkDelete,
  };
}
