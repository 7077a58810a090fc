import { RECEIPT_MESSAGES, type ReceiptUploadResult } from '@moneta/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ContentLayout } from '@/components/layouts/ContentLayout';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { paths } from '@/config/paths';
import { useCurrency } from '@/lib/auth/use-currency';
import { useUploadReceipt } from '../api/upload-receipt';
import {
  formatReceiptAmount,
  isPdfFile,
  isReceiptFile,
  uploadErrorMessage,
} from '../utils/receipt-file';
import { ChosenFile } from './ChosenFile';
import { PastReceipts } from './PastReceipts';
import { ReceiptDropZone } from './ReceiptDropZone';
import { UploadResult } from './UploadResult';

/** Long enough to see what was read, short enough to feel like the redirect of SPEC §4. */
export const DASHBOARD_REDIRECT_MS = 1500;

function ButtonSpinner() {
  return (
    <svg aria-hidden="true" className="size-4 animate-spin" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}

/**
 * Upload Receipt (SPEC §2, §4, issue 5): pick or drop a JPG, PNG or PDF, the server reads it and
 * records the expense; the result shows, a toast confirms, then the dashboard opens.
 */
export function UploadReceiptPage() {
  const currency = useCurrency();
  const navigate = useNavigate();
  const upload = useUploadReceipt();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ upload: ReceiptUploadResult; isPdf: boolean } | null>(
    null,
  );
  const redirectTimerRef = useRef<number | undefined>(undefined);
  const errorId = useId();
  const isBusy = upload.isPending;

  useEffect(() => () => window.clearTimeout(redirectTimerRef.current), []);

  function choose(next: File | null) {
    setFile(next);
    setError(next && !isReceiptFile(next) ? RECEIPT_MESSAGES.wrongType : null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!file) {
      setError(RECEIPT_MESSAGES.noFile);
      return;
    }
    if (!isReceiptFile(file)) {
      setError(RECEIPT_MESSAGES.wrongType);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: (answer) => {
        const { merchant, amount } = answer.extractedData;
        setResult({ upload: answer, isPdf: isPdfFile(file) });
        setFile(null);
        toast.success(`Receipt read: ${merchant} ${formatReceiptAmount(amount, currency)}`);
        redirectTimerRef.current = window.setTimeout(
          () => void navigate(paths.dashboard),
          DASHBOARD_REDIRECT_MS,
        );
      },
      onError: (uploadError) => setError(uploadErrorMessage(uploadError)),
    });
  }

  return (
    <ContentLayout
      title="Upload Receipt"
      description="Moneta reads the merchant, total, date and category on your own server and records the expense for you."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <form
          noValidate
          aria-label="Upload a receipt"
          aria-busy={isBusy}
          onSubmit={submit}
          className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <ReceiptDropZone
            hasFile={file !== null}
            isDisabled={isBusy || result !== null}
            isInvalid={error !== null}
            describedBy={error ? errorId : undefined}
            onFileChange={choose}
          />
          {file ? (
            <ChosenFile file={file} isDisabled={isBusy} onRemove={() => choose(null)} />
          ) : null}
          <Button type="submit" size="lg" disabled={isBusy || result !== null}>
            {isBusy ? <ButtonSpinner /> : null}
            {isBusy ? 'Processing...' : 'Upload & Create Transaction'}
          </Button>
          {/* Always in the page (so the change is announced); it takes room only when it speaks. */}
          <p
            role="status"
            className={
              isBusy ? 'text-center text-sm text-neutral-600 dark:text-neutral-400' : 'sr-only'
            }
          >
            {isBusy ? 'Reading the receipt. This takes a few seconds.' : ''}
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
          footer={
            <p
              role="status"
              className="mt-5 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:bg-emerald-950/60 dark:text-emerald-100"
            >
              Expense added. Opening your dashboard…
            </p>
          }
        />
      </div>
      <PastReceipts currency={currency} />
    </ContentLayout>
  );
}
