import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/Button';
import { runningI18n } from '@/lib/i18n/current';

/**
 * A success toast with an Undo button (a delete, a bulk edit): Undo runs `undo` and closes the
 * toast; the toast says what happened, so that a screen reader hears it too.
 */
export function toastWithUndo(message: string, undo: () => void) {
  toast.success(
    ({ closeToast }) => (
      <div className="flex items-center justify-between gap-3">
        <span>{message}</span>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            undo();
            closeToast();
          }}
        >
          {runningI18n().t('transactions:undo')}
        </Button>
      </div>
    ),
    // Long enough to find the button: 10 s.
    { autoClose: 10_000 },
  );
}
