import {
  RECEIPT_FILE_ACCEPT,
  RECEIPT_MESSAGES,
  type ReceiptUploadResult,
} from '@moneta/shared/receipt-schemas';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { runningI18n } from '@/lib/i18n/current';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { AccountSelect } from '@/components/AccountSelect';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FileDropZone } from '@/components/ui/FileDropZone';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useIsCoarsePointer } from '@/hooks/use-coarse-pointer';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { fieldMessage } from '@/lib/forms/field-message';
import { initialAccountId, rememberLastAccount } from '@/lib/accounts/last-account';
import { useCurrency } from '@/lib/auth/use-currency';
import { useFormat } from '@/lib/i18n/use-format';
import { useUploadReceipt } from '../api/upload-receipt';
import {
  formatReceiptAmount,
  receiptCurrency,
  isPdfFile,
  isReceiptFile,
  uploadErrorMessage,
} from '../utils/receipt-file';
import { unsureFields } from '../utils/receipt-review';
import { takeSharedFile } from '../utils/shared-file';
import { ChosenFile } from './ChosenFile';
import { PastReceipts } from './PastReceipts';
import { UploadCloudIcon } from './receipt-icons';
import { ReceiptReviewForm, type ReviewOutcome } from './ReceiptReviewForm';
import { TakePhotoButton } from './TakePhotoButton';
import { UploadResult } from './UploadResult';

/**
 * Long enough to see what was read and press "Correct it", short enough to feel like the
 * redirect of docs/architecture.md, Product rules.
 */
export const DASHBOARD_REDIRECT_MS = 3000;

function ButtonSpinner() {
  return (
    <svg aria-hidden="true" className="size-4 animate-spin" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}

/**
 * What happens after an upload: a confident reading moves on to the dashboard
 * (docs/architecture.md, Product rules); an unsure one — or one the user chose to correct — waits
 * in a form until it is confirmed.
 */
type Stage = 'redirecting' | 'reviewing';

type Result = { upload: ReceiptUploadResult; isPdf: boolean; stage: Stage };

/**
 * Upload Receipt (docs/architecture.md, Product rules, docs/receipts.md;
 * docs/architecture.md, Web app): pick, drop, photograph or share a JPG, PNG or PDF; the server
 * reads it and records the expense; the result shows, a toast confirms, then the dashboard opens —
 * or, when something was hard to read, the reading waits as a form to be checked.
 */
export function UploadReceiptPage() {
  const { t } = useTranslation('receipts');
  const format = useFormat();
  const currency = useCurrency();
  const navigate = useNavigate();
  const upload = useUploadReceipt();
  const isTouch = useIsCoarsePointer();
  const [searchParams, setSearchParams] = useSearchParams();
  const accounts = useAccounts();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const redirectTimerRef = useRef<number | undefined>(undefined);
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  const reviewNoteId = useId();
  const isBusy = upload.isPending;
  const isShared = searchParams.get('shared') === '1';
  // Until the user picks one, the account receipts last went to (once the accounts are known).
  const chosenAccountId =
    accountId ||
    (accounts.data ? initialAccountId(accounts.data, STORAGE_KEYS.lastReceiptAccountId) : '');

  useEffect(() => () => window.clearTimeout(redirectTimerRef.current), []);

  // A file shared from another app (the service worker kept it): chosen as if picked here, so
  // the user sees what arrived and sends it with Upload (docs/decisions.md).
  useEffect(() => {
    if (!isShared) return;
    let isCurrent = true;
    void takeSharedFile().then((shared) => {
      if (!isCurrent) return;
      // The flag has done its work: a reload or Back must not look for the file again.
      setSearchParams(
        (params) => {
          params.delete('shared');
          return params;
        },
        { replace: true },
      );
      if (!shared) {
        // runningI18n().t, not t: this runs once, when the page opens, not again on a change of language.
        setError(runningI18n().t('receipts:upload.sharedFileMissing'));
        return;
      }
      setFile(shared);
      setError(
        isReceiptFile(shared) ? null : fieldMessage({ message: RECEIPT_MESSAGES.wrongType }),
      );
      uploadButtonRef.current?.focus();
    });
    return () => {
      isCurrent = false;
    };
  }, [isShared, setSearchParams]);

  function choose(next: File | null) {
    setFile(next);
    setError(
      next && !isReceiptFile(next) ? fieldMessage({ message: RECEIPT_MESSAGES.wrongType }) : null,
    );
  }

  function goToDashboard(delay: number) {
    window.clearTimeout(redirectTimerRef.current);
    redirectTimerRef.current = window.setTimeout(() => void navigate(paths.dashboard), delay);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!file) {
      setError(fieldMessage({ message: RECEIPT_MESSAGES.noFile }));
      return;
    }
    if (!isReceiptFile(file)) {
      setError(fieldMessage({ message: RECEIPT_MESSAGES.wrongType }));
      return;
    }
    setError(null);
    upload.mutate(
      { file, accountId: chosenAccountId },
      {
        onSuccess: (answer) => {
          const { merchant, amount } = answer.extractedData;
          const spentIn = receiptCurrency(answer.extractedData, currency);
          const isSure = unsureFields(answer.extractedData).length === 0;
          setResult({
            upload: answer,
            isPdf: isPdfFile(file),
            stage: isSure ? 'redirecting' : 'reviewing',
          });
          setFile(null);
          toast.success(
            t('upload.read', { merchant, amount: formatReceiptAmount(format, amount, spentIn) }),
          );
          if (isSure) goToDashboard(DASHBOARD_REDIRECT_MS);
        },
        onError: (uploadError) => setError(uploadErrorMessage(uploadError)),
      },
    );
  }

  /** The user wants to correct a confident reading: the dashboard waits. */
  function startReview() {
    window.clearTimeout(redirectTimerRef.current);
    setResult((current) => current && { ...current, stage: 'reviewing' });
  }

  function confirmed(outcome: ReviewOutcome) {
    if (outcome.changed) {
      const { merchant, amount } = outcome.receipt.extractedData;
      const spentIn = receiptCurrency(outcome.receipt.extractedData, currency);
      toast.success(
        t('expenseUpdated', { merchant, amount: formatReceiptAmount(format, amount, spentIn) }),
      );
    }
    void navigate(paths.dashboard);
  }

  const isReviewing = result?.stage === 'reviewing';

  return (
    <ContentLayout title={t('upload.title')} description={t('upload.description')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <form
          noValidate
          aria-label={t('upload.formLabel')}
          aria-busy={isBusy}
          onSubmit={submit}
          className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <FileDropZone
            name="receipt"
            accept={RECEIPT_FILE_ACCEPT}
            chooseLabel={t('upload.choose')}
            hint={t('upload.types')}
            icon={<UploadCloudIcon className="size-10 text-emerald-700 dark:text-emerald-400" />}
            hasFile={file !== null}
            isDisabled={isBusy || result !== null}
            isInvalid={error !== null}
            describedBy={error ? errorId : undefined}
            onFileChange={choose}
          />
          {isTouch ? (
            <TakePhotoButton
              hasFile={file !== null}
              isDisabled={isBusy || result !== null}
              describedBy={error ? errorId : undefined}
              onFileChange={choose}
            />
          ) : null}
          {file ? (
            <ChosenFile file={file} isDisabled={isBusy} onRemove={() => choose(null)} />
          ) : null}
          <AccountSelect
            label={t('upload.account')}
            name="accountId"
            value={chosenAccountId}
            disabled={isBusy || result !== null}
            onChange={(event) => {
              setAccountId(event.target.value);
              rememberLastAccount(event.target.value, STORAGE_KEYS.lastReceiptAccountId);
            }}
          />
          <Button
            ref={uploadButtonRef}
            type="submit"
            size="lg"
            disabled={isBusy || result !== null}
          >
            {isBusy ? <ButtonSpinner /> : null}
            {isBusy ? t('upload.processing') : t('upload.submit')}
          </Button>
          {/* Always in the page (so the change is announced); it takes room only when it speaks. */}
          <p
            role="status"
            className={
              isBusy ? 'text-center text-sm text-neutral-600 dark:text-neutral-400' : 'sr-only'
            }
          >
            {isBusy ? t('upload.reading') : ''}
          </p>
          {error ? (
            <div id={errorId}>
              <Alert>{error}</Alert>
            </div>
          ) : null}
        </form>
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
      <PastReceipts currency={currency} />
    </ContentLayout>
  );
}
