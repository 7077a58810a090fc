import type { Receipt } from '@moneta/shared/receipt-schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/Dialog';
import { textLinkClasses } from '@/components/ui/link-styles';
import { QueryState } from '@/components/ui/QueryState';
import { Skeleton } from '@/components/ui/Skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/i18n/use-format';
import { useReceipts } from '../api/get-receipts';
import { formatReceiptAmount, receiptCurrency } from '../utils/receipt-file';
import { unsureFields } from '../utils/receipt-review';
import { ReceiptImage } from './ReceiptImage';
import { ReceiptPreview } from './ReceiptPreview';
import { ReceiptReviewForm } from './ReceiptReviewForm';
import { WarningIcon } from './receipt-icons';
import { useCategoryName } from '@/lib/categories/category-name';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useMemberNames } from '@/lib/households/get-members';
import { AuthorLabel } from '@/components/AuthorLabel';

/** The Transactions page, searching for the expense's name (its `q` filter). */
function expenseLink(receipt: Receipt): string {
  return `${paths.transactions}?${new URLSearchParams({ q: receipt.extractedData.merchant })}`;
}

type ReceiptRowProps = {
  receipt: Receipt;
  currency: string;
  onCorrect: (receipt: Receipt) => void;
};

function ReceiptRow({ receipt, currency, onCorrect }: ReceiptRowProps) {
  const { t } = useTranslation('receipts');
  const canWrite = useCanWrite();
  const categoryName = useCategoryName();
  const format = useFormat();
  const { merchant, amount, category, date } = receipt.extractedData;
  const uncertain = unsureFields(receipt.extractedData);
  const memberNames = useMemberNames();
  return (
    <li className="flex items-start gap-4 py-4">
      <ReceiptImage
        src={receipt.imageUrl}
        isPdf={receipt.mimeType === 'application/pdf'}
        alt=""
        className="h-16 w-14"
      />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <p className="min-w-0 truncate font-medium text-neutral-900 dark:text-neutral-100">
            {merchant}
          </p>
          <p className="shrink-0 font-semibold text-neutral-900 tabular-nums dark:text-neutral-100">
            {formatReceiptAmount(format, amount, receiptCurrency(receipt.extractedData, currency))}
          </p>
        </div>
        <p className="truncate text-xs text-neutral-600 dark:text-neutral-400">
          {format.date(date)} · {categoryName(category)} · {receipt.fileName}
        </p>
        <AuthorLabel createdBy={receipt.createdBy} memberNames={memberNames} className="block" />
        {uncertain.length > 0 ? (
          <p className="mt-1 flex items-start gap-1 text-xs text-amber-800 dark:text-amber-300">
            <WarningIcon className="mt-px size-3.5 shrink-0" />
            <span>
              {t('past.lowConfidence', {
                fields: uncertain.map((field) => t(`fields.${field}`)).join(', '),
              })}
            </span>
          </p>
        ) : null}
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <a
            href={receipt.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={textLinkClasses}
          >
            {t('past.openFile')}
            <span className="sr-only"> {t('past.openFileHint', { name: receipt.fileName })}</span>
          </a>
          {receipt.transactionId ? (
            <Link to={expenseLink(receipt)} className={textLinkClasses}>
              {t('past.viewExpense')}
              <span className="sr-only">{` ${merchant}`}</span>
            </Link>
          ) : (
            <span className="text-neutral-600 dark:text-neutral-400">
              {t('past.expenseDeleted')}
            </span>
          )}
          {canWrite ? (
            <button type="button" className={textLinkClasses} onClick={() => onCorrect(receipt)}>
              {t('past.correct')}
              <span className="sr-only"> {t('past.correctHint', { merchant })}</span>
            </button>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** Every receipt uploaded before, newest first, with its file and the expense made from it. */
export function PastReceipts({ currency }: { currency: string }) {
  const { t } = useTranslation('receipts');
  const format = useFormat();
  const titleId = useId();
  const receipts = useReceipts();
  const [correctedId, setCorrectedId] = useState<string | null>(null);
  // The list's newest copy: its signed URLs are renewed while the dialog stays open.
  const corrected = receipts.data?.find((receipt) => receipt._id === correctedId) ?? null;
  const setCorrected = (receipt: Receipt | null) => setCorrectedId(receipt?._id ?? null);

  return (
    <section
      aria-labelledby={titleId}
      className="mt-6 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id={titleId} className="text-base font-semibold text-neutral-900 dark:text-white">
        {t('past.title')}
      </h2>
      <QueryState
        query={receipts}
        loading={
          <div role="status">
            <span className="sr-only">{t('past.loading')}</span>
            <ul
              aria-hidden="true"
              className="mt-2 divide-y divide-neutral-200 dark:divide-neutral-800"
            >
              {[0, 1, 2].map((index) => (
                <li key={index} className="flex gap-4 py-4">
                  <Skeleton className="h-16 w-14" />
                  <div className="flex-1 space-y-2">
                    <Skeleton className="h-5 w-40" />
                    <Skeleton className="h-4 w-56" />
                  </div>
                </li>
              ))}
            </ul>
          </div>
        }
        failureMessage={() => t('past.loadError')}
        failureClassName="mt-4"
        isEmpty={(list) => list.length === 0}
        empty={
          <p className="py-8 text-center text-sm text-neutral-600 dark:text-neutral-400">
            {t('past.empty')}
          </p>
        }
      >
        {(list) => (
          <ul className="mt-2 divide-y divide-neutral-200 dark:divide-neutral-800">
            {list.map((receipt) => (
              <ReceiptRow
                key={receipt._id}
                receipt={receipt}
                currency={currency}
                onCorrect={setCorrected}
              />
            ))}
          </ul>
        )}
      </QueryState>
      <Dialog
        isOpen={corrected !== null}
        onClose={() => setCorrected(null)}
        title={t('past.correctTitle')}
        description={
          corrected ? t('past.correctDescription', { name: corrected.fileName }) : undefined
        }
      >
        {corrected ? (
          <div className="mt-4 flex flex-col gap-4">
            <ReceiptPreview receipt={corrected} merchant={corrected.extractedData.merchant} />
            <ReceiptReviewForm
              key={corrected._id}
              receiptId={corrected._id}
              reading={corrected.extractedData}
              currency={currency}
              confirmLabel={t('past.saveChanges')}
              onCancel={() => setCorrected(null)}
              onConfirmed={(outcome) => {
                if (outcome.changed) {
                  const saved = outcome.receipt.extractedData;
                  toast.success(
                    t('expenseUpdated', {
                      merchant: saved.merchant,
                      amount: formatReceiptAmount(
                        format,
                        saved.amount,
                        receiptCurrency(saved, currency),
                      ),
                    }),
                  );
                }
                setCorrected(null);
              }}
            />
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
