import { MAX_NAME_LENGTH } from '@moneta/shared/limits';
import type { ExtractedData } from '@moneta/shared/receipt-schemas';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { inputClasses } from '@/components/ui/input-styles';
import { useReceiptReviewForm, type ReviewOutcome } from '../hooks/use-receipt-review-form';
import { receiptCurrency } from '../utils/receipt-file';
import {
  foreignCurrency,
  isDateMissing,
  unsureFields,
  type ReviewedField,
} from '../utils/receipt-review';
import { WarningIcon } from './receipt-icons';

/** The mark of a field to check: an icon and words, never a colour alone. */
function CheckMark({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p
      id={id}
      className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300"
    >
      <WarningIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

type ReceiptReviewFormProps = {
  receiptId: string;
  reading: ExtractedData;
  /** The user's base currency: the expense's when the receipt prints none Moneta knows. */
  currency: string;
  confirmLabel?: string;
  /** Called once the reading is confirmed: saved when it was corrected, as it was otherwise. */
  onConfirmed: (outcome: ReviewOutcome) => void;
  onCancel?: () => void;
  /**
   * Moves the focus to the first field to check (else the merchant) when the form appears: it
   * may be below the picker, off a phone's screen, and a screen reader is taken there too.
   */
  takesFocus?: boolean;
};

/**
 * The reading of a receipt as a form (docs/receipts.md): each field that was hard to read is
 * marked, and a correction updates the receipt and its expense together (PUT /receipts/:id), which
 * also teaches Moneta the shop.
 */
export function ReceiptReviewForm({
  receiptId,
  reading,
  currency,
  confirmLabel,
  onConfirmed,
  onCancel,
  takesFocus = false,
}: ReceiptReviewFormProps) {
  const { t } = useTranslation('receipts');
  const baseId = useId();
  const unsure = new Set(unsureFields(reading));
  const readCurrency = foreignCurrency(reading, currency);
  // The expense is in the receipt's currency when it printed one (docs/currencies.md).
  const spentIn = receiptCurrency(reading, currency);

  const { register, control, errors, onSubmit, failure, isBusy } = useReceiptReviewForm({
    receiptId,
    reading,
    onConfirmed,
    takesFocus,
  });

  const checkId = (field: ReviewedField) => `${baseId}-${field}-check`;
  /** The mark's id, for the field's aria-describedby, when the field is marked. */
  const describedBy = (field: ReviewedField) => (unsure.has(field) ? checkId(field) : undefined);
  const mark = (field: ReviewedField) =>
    unsure.has(field) ? (
      <CheckMark id={checkId(field)}>
        {field === 'date' && isDateMissing(reading) ? t('review.noDate') : t('review.checkThis')}
      </CheckMark>
    ) : null;

  const merchantMark = mark('merchant');
  const amountMark = mark('amount');
  const dateMark = mark('date');

  return (
    <form
      noValidate
      aria-label={t('review.label')}
      aria-busy={isBusy}
      onSubmit={(event) => void onSubmit(event)}
      className="@container flex min-w-0 flex-col gap-4"
    >
      <FormField
        label={t('labels.merchant')}
        error={errors.merchant?.message}
        describedBy={describedBy('merchant')}
        hint={merchantMark}
      >
        {(control) => (
          <input
            className={`${inputClasses} mt-1.5`}
            autoComplete="off"
            maxLength={MAX_NAME_LENGTH}
            {...control}
            {...register('merchant')}
          />
        )}
      </FormField>
      <div className="grid gap-4 @sm:grid-cols-2">
        <MoneyInput
          label={t('review.amount', { currency: spentIn })}
          control={control}
          name="amount"
          describedBy={
            [describedBy('amount'), readCurrency ? `${baseId}-currency` : null]
              .filter(Boolean)
              .join(' ') || undefined
          }
          hint={
            <>
              {amountMark}
              {readCurrency ? (
                <p
                  id={`${baseId}-currency`}
                  className="mt-1.5 text-sm text-neutral-600 dark:text-neutral-400"
                >
                  {spentIn === readCurrency
                    ? t('review.sameCurrency', { currency: readCurrency, base: currency })
                    : t('review.otherCurrency', { currency: readCurrency, spentIn })}
                </p>
              ) : null}
            </>
          }
        />
        <FormField
          label={t('labels.date')}
          error={errors.date?.message}
          describedBy={describedBy('date')}
          hint={dateMark}
        >
          {(control) => (
            <input
              className={`${inputClasses} mt-1.5`}
              type="date"
              {...control}
              {...register('date')}
            />
          )}
        </FormField>
      </div>
      <CategorySelect
        kind="expense"
        extraCategories={[reading.category]}
        error={errors.category?.message}
        {...register('category')}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
            {t('review.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={isBusy}>
          {isBusy ? t('review.saving') : (confirmLabel ?? t('review.confirm'))}
        </Button>
      </div>
    </form>
  );
}
