import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './Alert';
import { Button } from './Button';
import { Dialog } from './Dialog';

type ConfirmDialogProps = {
  isOpen: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel?: string;
  isBusy?: boolean;
  /** Shown inside the dialog when the action failed. */
  error?: string | null;
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
};

/** An in-app replacement for window.confirm; Cancel has the focus, as the safe choice. */
export function ConfirmDialog({
  isOpen,
  title,
  description,
  confirmLabel,
  busyLabel,
  isBusy = false,
  error,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => {
        if (!isBusy) onCancel();
      }}
      role="alertdialog"
      title={title}
      description={description}
      initialFocusRef={cancelRef}
    >
      {error ? <Alert className="mt-4">{error}</Alert> : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="secondary" onClick={onCancel} disabled={isBusy}>
          {t('dialog.cancel')}
        </Button>
        <Button variant={tone} onClick={onConfirm} disabled={isBusy}>
          {isBusy && busyLabel ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
