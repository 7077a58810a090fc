import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Button } from '@/components/ui/Button';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useReceiptUpload } from '../hooks/use-receipt-upload';
import { unsureFields } from '../utils/receipt-review';
import { PastReceipts } from './PastReceipts';
import { ReceiptReviewForm } from './ReceiptReviewForm';
import { UploadReceiptForm } from './UploadReceiptForm';
import { UploadResult } from './UploadResult';

export { DASHBOARD_REDIRECT_MS } from '../hooks/use-receipt-upload';

/**
 * Upload Receipt (docs/architecture.md, Product rules, docs/receipts.md;
 * docs/architecture.md, Web app): pick, drop, photograph or share a JPG, PNG or PDF; the server
 * reads it and records the expense; the result shows, a toast confirms, then the dashboard opens —
 * or, when something was hard to read, the reading waits as a form to be checked.
 */
export function UploadReceiptPage() {
  const { t } = useTranslation('receipts');
  const {
    currency,
    file,
    chosenAccountId,
    error,
    result,
    isBusy,
    uploadButtonRef,
    choose,
    chooseAccount,
    submit,
    startReview,
    confirmed,
  } = useReceiptUpload();
  const reviewNoteId = useId();
  const isReviewing = result?.stage === 'reviewing';
  const canWrite = useCanWrite();

  return (
    <ContentLayout title={t('upload.title')} description={t('upload.description')}>
      {canWrite ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <UploadReceiptForm
            file={file}
            accountId={chosenAccountId}
            error={error}
            isBusy={isBusy}
            isDone={result !== null}
            uploadButtonRef={uploadButtonRef}
            onFileChange={choose}
            onAccountChange={chooseAccount}
            onSubmit={submit}
          />
          <UploadResult
            result={result}
            currency={currency}
            review={
              result && isReviewing ? (
                <>
                  <p
                    id={reviewNoteId}
                    role="status"
                    className="mb-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100"
                  >
                    {unsureFields(result.upload.extractedData).length > 0
                      ? t('upload.addedCheck')
                      : t('upload.addedCorrect')}
                  </p>
                  <ReceiptReviewForm
                    receiptId={result.upload._id}
                    reading={result.upload.extractedData}
                    currency={currency}
                    onConfirmed={confirmed}
                    takesFocus
                  />
                </>
              ) : undefined
            }
            footer={
              result && !isReviewing ? (
                <div className="mt-5 flex flex-col gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 sm:flex-row sm:items-center sm:justify-between dark:bg-emerald-950/60 dark:text-emerald-100">
                  <p role="status">{t('upload.addedRedirect')}</p>
                  <Button variant="secondary" size="sm" onClick={startReview}>
                    {t('upload.correct')}
                  </Button>
                </div>
              ) : undefined
            }
          />
        </div>
      ) : null}
      <PastReceipts currency={currency} />
    </ContentLayout>
  );
}
