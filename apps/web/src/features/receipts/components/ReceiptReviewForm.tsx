import { MAX_NAME_LENGTH } from '@moneta/shared/limits';
import {
  receiptReviewSchema,
  type ExtractedData,
  type ReceiptReview,
  type ReviewedReceipt,
} from '@moneta/shared/receipt-schemas';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CategorySelect } from '@/components/CategorySelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FormField } from '@/components/ui/FormField';
import { MoneyInput } from '@/components/ui/MoneyInput';
import { inputClasses } from '@/components/ui/input-styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldMessage } from '@/lib/forms/field-message';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useReviewReceipt } from '../api/review-receipt';
import {
  foreignCurrency,
  isDateMissing,
  unsureFields,
  type ReviewedField,
} from '../utils/receipt-review';
import { WarningIcon } from './receipt-icons';
import { receiptCurrency } from '../utils/receipt-file';

type ValidReview = z.output<typeof receiptReviewSchema>;
type FormValues = { merchant: string; amount: number; date: string; category: string };
const FORM_FIELDS: readonly (keyof FormValues)[] = ['merchant', 'amount', 'date', 'category'];

const reviewResolver = zodFormResolver<ReceiptReview, ValidReview>(receiptReviewSchema);

/** What changed against the reading; nothing changed means there is nothing to send. */
function hasChanges(review: ValidReview, reading: ExtractedData): boolean {
  return (
    review.merchant !== reading.merchant ||
    review.amount !== reading.amount ||
    review.date !== reading.date ||
    review.category !== reading.category
  );
}

function isFormField(path: string): path is keyof FormValues {
  return (FORM_FIELDS as readonly string[]).includes(path);
}

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

export type ReviewOutcome = { changed: false } | { changed: true; receipt: ReviewedReceipt };

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
  const review = useReviewReceipt();
  const [failure, setFailure] = useState<string | null>(null);
  const baseId = useId();
  const unsure = new Set(unsureFields(reading));
  const readCurrency = foreignCurrency(reading, currency);
  // The expense is in the receipt's currency when it printed one (docs/currencies.md).
  const spentIn = receiptCurrency(reading, currency);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<ReceiptReview, unknown, ValidReview>({
    resolver: reviewResolver,
    defaultValues: {
      merchant: reading.merchant,
      amount: reading.amount,
      date: reading.date,
      category: reading.category,
    } satisfies FormValues,
  });

  const firstToCheck = unsureFields(reading)[0] ?? 'merchant';
  useEffect(() => {
    if (takesFocus) setFocus(firstToCheck);
    // Only when the form appears: not again after each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    if (!hasChanges(values, reading)) {
      onConfirmed({ changed: false });
      return;
    }
    review.mutate(
      { id: receiptId, review: values },
      {
        onSuccess: (receipt) => onConfirmed({ changed: true, receipt }),
        onError: (error) => {
          // The server's rules name the field (400): the message goes next to it.
          const fieldErrors =
            error instanceof ApiError && error.status === 400
              ? error.fieldErrors.filter((fieldError) => isFormField(fieldError.path))
              : [];
          fieldErrors.forEach((fieldError, index) => {
            if (isFormField(fieldError.path)) {
              setError(
                fieldError.path,
                // In the user's language: by its text when known, else by its kind of problem.
                { type: 'server', message: fieldMessage(fieldError) },
                { shouldFocus: index === 0 },
              );
            }
          });
          if (fieldErrors.length === 0) setFailure(errorMessage(error, t('review.saveFailed')));
        },
      },
    );
  });
  const isBusy = review.isPending;

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
