import type { Recurring } from '@moneta/shared';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteRecurring } from '../api/delete-recurring';

type DeleteRecurringDialogProps = {
  recurring: Recurring | null;
  onClose: () => void;
  onDeleted: () => void;
};

/** Asks before deleting a rule; the transactions it already recorded are kept. */
export function DeleteRecurringDialog({
  recurring,
  onClose,
  onDeleted,
}: DeleteRecurringDialogProps) {
  const deleteMutation = useDeleteRecurring();

  function confirm() {
    if (!recurring) return;
    deleteMutation.mutate(recurring._id, {
      onSuccess: onDeleted,
      onError: (error) => {
        toast.error(
          errorMessage(error, 'Could not delete the recurring transaction. Please try again.'),
        );
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      isOpen={recurring !== null}
      title="Delete recurring transaction?"
      description={
        recurring
          ? `“${recurring.name}” will no longer be recorded. The transactions it already created are kept.`
          : ''
      }
      confirmLabel="Delete"
      busyLabel="Deleting..."
      isBusy={deleteMutation.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
