import { Button } from './Button';

type FormActionsProps = {
  /** The submit button's label, e.g. "Save" or "Add Account". */
  submitLabel: string;
  onCancel: () => void;
  isBusy?: boolean;
  busyLabel?: string;
};

/** The Cancel / Save row that ends every form: stacked on phones, side by side from 640 px. */
export function FormActions({
  submitLabel,
  onCancel,
  isBusy = false,
  busyLabel = 'Saving...',
}: FormActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
        Cancel
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
