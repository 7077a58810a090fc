import type { ReceiptUploadResult } from '@moneta/shared/receipt-schemas';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/i18n/use-format';
import { formatReceiptAmount, receiptCurrency } from '../utils/receipt-file';
import { ReceiptImage } from './ReceiptImage';
import { useCategoryName } from '@/lib/categories/category-name';

type UploadResultProps = {
  result: { upload: ReceiptUploadResult; isPdf: boolean } | null;
  currency: string;
  /** Said under the data once the expense exists (where the app goes next). */
  footer?: ReactNode;
  /** The reading as a form to check and correct, shown instead of the read-only fields. */
  review?: ReactNode;
};

function Field({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${className}`}>
      <dt className="text-xs font-medium tracking-wide text-neutral-600 uppercase dark:text-neutral-400">
        {label}
      </dt>
      <dd className="mt-0.5 text-base break-words font-medium text-neutral-900 dark:text-neutral-100">
        {children}
      </dd>
    </div>
  );
}

/**
 * The Last Upload Result panel (docs/architecture.md, Product rules): what was read from the
 * receipt just uploaded, as plain fields, or as a form when it is to be checked (docs/receipts.md).
 */
export function UploadResult({ result, currency, footer, review }: UploadResultProps) {
  const { t } = useTranslation('receipts');
  const categoryName = useCategoryName();
  const format = useFormat();
  const titleId = useId();
  const upload = result?.upload;
  return (
    <section
      aria-labelledby={titleId}
      className="@container flex min-w-0 flex-col rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={titleId} className="mb-4 text-base font-semibold text-neutral-900 dark:text-white">
        {t('result.title')}
      </h2>
      {result && upload ? (
        <>
          {/* The form needs the room: the picture goes beside it only in a wide panel. */}
          <div
            className={
              review ? 'flex flex-col gap-5 @lg:flex-row' : 'flex flex-col gap-5 sm:flex-row'
            }
          >
            {review ? (
              <div className="min-w-0 flex-1">{review}</div>
            ) : (
              <dl className="grid min-w-0 flex-1 grid-cols-2 content-start gap-x-4 gap-y-4">
                <Field label={t('result.merchant')} className="col-span-2">
                  {upload.extractedData.merchant}
                </Field>
                <Field label={t('result.amount')}>
                  <span className="tabular-nums">
                    {formatReceiptAmount(
                      format,
                      upload.extractedData.amount,
                      receiptCurrency(upload.extractedData, currency),
                    )}
                  </span>
                </Field>
                <Field label={t('result.category')}>
                  {categoryName(upload.extractedData.category)}
                </Field>
                <Field label={t('result.date')}>{format.date(upload.extractedData.date)}</Field>
              </dl>
            )}
            <a
              href={upload.fileUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={`block shrink-0 rounded-lg focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none ${
                review ? '@lg:self-start' : 'sm:self-start'
              }`}
            >
              <ReceiptImage
                src={upload.imageUrl}
                isPdf={result.isPdf}
                alt={t('result.imageAlt', { merchant: upload.extractedData.merchant })}
                className={review ? 'h-56 w-full @lg:w-44' : 'h-56 w-full sm:w-44'}
              />
            </a>
          </div>
          {footer}
        </>
      ) : (
        <p className="flex flex-1 items-center justify-center py-10 text-center text-sm text-neutral-600 dark:text-neutral-400">
          {t('result.empty')}
        </p>
      )}
    </section>
  );
}
