import {
  receiptReviewSchema,
  type ExtractedData,
  type ReceiptReview,
  type ReviewedReceipt,
} from '@moneta/shared/receipt-schemas';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, errorMessage } from '@/lib/api-client';
import { fieldMessage } from '@/lib/forms/field-message';
import { zodFormResolver } from '@/lib/zod-form-resolver';
import { useReviewReceipt } from '../api/review-receipt';
import { unsureFields } from '../utils/receipt-review';

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

export type ReviewOutcome = { changed: false } | { changed: true; receipt: ReviewedReceipt };

type UseReceiptReviewFormOptions = {
  receiptId: string;
  reading: ExtractedData;
  onConfirmed: (outcome: ReviewOutcome) => void;
  takesFocus: boolean;
};

/**
 * The review form's fields, checked with the shared schema, and its submit: an unchanged reading
 * is confirmed as it is, a corrected one is saved, the server's field errors shown at their field.
 */
export function useReceiptReviewForm({
  receiptId,
  reading,
  onConfirmed,
  takesFocus,
}: UseReceiptReviewFormOptions) {
  const { t } = useTranslation('receipts');
  const review = useReviewReceipt();
  const [failure, setFailure] = useState<string | null>(null);

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

  return { register, control, errors, onSubmit, failure, isBusy: review.isPending };
}
