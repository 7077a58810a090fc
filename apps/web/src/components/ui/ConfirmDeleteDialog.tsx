import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from './ConfirmDialog';

type ConfirmDeleteDialogProps<Item, Result> = {
  /** What is to be deleted; the dialog is open while there is something. */
  item: Item | null;
  title: string | ((item: Item) => string);
  description: ReactNode | ((item: Item) => ReactNode);
  /** Deletes it, e.g. a delete mutation's `mutateAsync`. */
  onDelete: (item: Item) => Promise<Result>;
  onDeleted: (result: Result, item: Item) => void;
  onClose: () => void;
  /** The text shown when deleting failed: the server's message, or the screen's own. */
  failureMessage: (error: unknown) => string;
  /**
   * Where a failure shows: in a toast, the dialog closing and the item staying on screen; or in
   * the dialog, which stays open for another try.
   */
  failureIn?: 'toast' | 'dialog';
  /**
   * Where focus goes after a deletion: the dialog hands it back to the button that opened it,
   * which usually went with the item, so it goes on to a control that stays.
   */
  focusAfterDeleting?: RefObject<HTMLElement | null>;
  /** The confirm button's words when the action is not called Delete (Revoke, say). */
  confirmLabel?: string;
  busyLabel?: string;
};

/** Asks before deleting something, then deletes it, showing the work under way and any failure. */
export function ConfirmDeleteDialog<Item, Result>(props: ConfirmDeleteDialogProps<Item, Result>) {
  const { item, onDeleted, focusAfterDeleting } = props;
  const hasDeletedRef = useRef(false);

  // Runs after the closed dialog has handed focus back (its own clean-up comes first).
  useEffect(() => {
    if (item !== null || !hasDeletedRef.current) return;
    hasDeletedRef.current = false;
    focusAfterDeleting?.current?.focus();
  }, [item, focusAfterDeleting]);

  // Mounted only while open, so that each opening starts without the last one's failure.
  if (item === null) return null;
  return (
    <OpenConfirmDelete
      {...props}
      item={item}
      onDeleted={(result, deleted) => {
        hasDeletedRef.current = true;
        onDeleted(result, deleted);
      }}
    />
  );
}

function OpenConfirmDelete<Item, Result>({
  item,
  title,
  description,
  onDelete,
  onDeleted,
  onClose,
  confirmLabel,
  busyLabel,
  failureMessage,
  failureIn = 'toast',
}: ConfirmDeleteDialogProps<Item, Result> & { item: Item }) {
  const { t } = useTranslation();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  function confirm() {
    setIsBusy(true);
    setFailure(null);
    onDelete(item).then(
      (result) => {
        setIsBusy(false);
        onDeleted(result, item);
      },
      (error: unknown) => {
        setIsBusy(false);
        if (failureIn === 'dialog') {
          setFailure(failureMessage(error));
          return;
        }
        toast.error(failureMessage(error));
        onClose();
      },
    );
  }

  return (
    <ConfirmDialog
      isOpen
      title={typeof title === 'function' ? title(item) : title}
      description={typeof description === 'function' ? description(item) : description}
      confirmLabel={confirmLabel ?? t('dialog.delete')}
      busyLabel={busyLabel ?? t('dialog.deleting')}
      isBusy={isBusy}
      error={failure}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
