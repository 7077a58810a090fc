import { useTranslation } from 'react-i18next';
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
  busyLabel,
}: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
        {t('dialog.cancel')}
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? (busyLabel ?? t('dialog.saving')) : submitLabel}
      </Button>
    </div>
  );
}
