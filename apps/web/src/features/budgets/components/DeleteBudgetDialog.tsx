import type { Budget } from '@moneta/shared';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteBudget } from '../api/delete-budget';
import { formatBudgetMonth } from '../utils/budget-month';

type DeleteBudgetDialogProps = {
  budget: Budget | null;
  onClose: () => void;
  onDeleted: () => void;
};

/** Asks before deleting a budget; the transactions it tracked are not touched. */
export function DeleteBudgetDialog({ budget, onClose, onDeleted }: DeleteBudgetDialogProps) {
  const deleteMutation = useDeleteBudget();

  function confirm() {
    if (!budget) return;
    deleteMutation.mutate(budget._id, {
      onSuccess: onDeleted,
      onError: (error) => {
        toast.error(errorMessage(error, 'Could not delete the budget. Please try again.'));
        onClose();
      },
    });
  }

  return (
    <ConfirmDialog
      isOpen={budget !== null}
      title="Delete budget?"
      description={
        budget
          ? `The ${budget.category} budget for ${formatBudgetMonth(budget)} will be deleted. Your transactions stay as they are.`
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
