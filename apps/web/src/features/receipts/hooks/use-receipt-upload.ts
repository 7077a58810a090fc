import {
  RECEIPT_MESSAGES,
  type ExtractedData,
  type ReceiptUploadResult,
} from '@moneta/shared/receipt-schemas';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId, rememberLastAccount } from '@/lib/accounts/last-account';
import { useCurrency } from '@/lib/auth/use-currency';
import { fieldMessage } from '@/lib/forms/field-message';
import { runningI18n } from '@/lib/i18n/current';
import { useFormat } from '@/lib/i18n/use-format';
import { toast } from '@/lib/toast';
import { useUploadReceipt } from '../api/upload-receipt';
import {
  formatReceiptAmount,
  isPdfFile,
  isReceiptFile,
  receiptCurrency,
  uploadErrorMessage,
} from '../utils/receipt-file';
import { unsureFields } from '../utils/receipt-review';
import type { ReviewOutcome } from './use-receipt-review-form';
import { useSharedReceiptFile } from './use-shared-receipt-file';

/**
 * Long enough to see what was read and press "Correct it", short enough to feel like the
 * redirect of docs/architecture.md, Product rules.
 */
export const DASHBOARD_REDIRECT_MS = 3000;

/**
 * What happens after an upload: a confident reading moves on to the dashboard
 * (docs/architecture.md, Product rules); an unsure one — or one the user chose to correct — waits
 * in a form until it is confirmed.
 */
type Stage = 'redirecting' | 'reviewing';

type Result = { upload: ReceiptUploadResult; isPdf: boolean; stage: Stage };

const wrongType = () => fieldMessage({ message: RECEIPT_MESSAGES.wrongType });

/**
 * The Upload Receipt page's state: the file (picked, dropped, photographed or shared), the account,
 * the upload and its result, the redirect to the dashboard and the review that holds it back.
 */
export function useReceiptUpload() {
  const { t } = useTranslation('receipts');
  const format = useFormat();
  const currency = useCurrency();
  const navigate = useNavigate();
  const upload = useUploadReceipt();
  const accounts = useAccounts();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const redirectTimerRef = useRef<number | undefined>(undefined);
  const uploadButtonRef = useRef<HTMLButtonElement>(null);
  const isBusy = upload.isPending;
  // Until the user picks one, the account receipts last went to (once the accounts are known).
  const chosenAccountId =
    accountId ||
    (accounts.data ? initialAccountId(accounts.data, STORAGE_KEYS.lastReceiptAccountId) : '');

  useEffect(() => () => window.clearTimeout(redirectTimerRef.current), []);

  // Chosen as if picked here, so the user sees what arrived and sends it with Upload
  // (docs/decisions.md).
  useSharedReceiptFile((shared) => {
    if (!shared) {
      // runningI18n().t, not t: this runs once, when the page opens, not again on a change of language.
      setError(runningI18n().t('receipts:upload.sharedFileMissing'));
      return;
    }
    setFile(shared);
    setError(isReceiptFile(shared) ? null : wrongType());
    uploadButtonRef.current?.focus();
  });

  function choose(next: File | null) {
    setFile(next);
    setError(next && !isReceiptFile(next) ? wrongType() : null);
  }

  function chooseAccount(id: string) {
    setAccountId(id);
    rememberLastAccount(id, STORAGE_KEYS.lastReceiptAccountId);
  }

  function goToDashboard(delay: number) {
    window.clearTimeout(redirectTimerRef.current);
    redirectTimerRef.current = window.setTimeout(() => void navigate(paths.dashboard), delay);
  }

  /** Toasts what was read (or corrected), in the currency the expense is in. */
  function toastReading(key: 'upload.read' | 'expenseUpdated', reading: ExtractedData) {
    const spentIn = receiptCurrency(reading, currency);
    const amount = formatReceiptAmount(format, reading.amount, spentIn);
    toast.success(t(key, { merchant: reading.merchant, amount }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!file) {
      setError(fieldMessage({ message: RECEIPT_MESSAGES.noFile }));
      return;
    }
    if (!isReceiptFile(file)) {
      setError(wrongType());
      return;
    }
    setError(null);
    upload.mutate(
      { file, accountId: chosenAccountId },
      {
        onSuccess: (answer) => {
          const isSure = unsureFields(answer.extractedData).length === 0;
          setResult({
            upload: answer,
            isPdf: isPdfFile(file),
            stage: isSure ? 'redirecting' : 'reviewing',
          });
          setFile(null);
          toastReading('upload.read', answer.extractedData);
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
    if (outcome.changed) toastReading('expenseUpdated', outcome.receipt.extractedData);
    void navigate(paths.dashboard);
  }

  return {
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
  };
}
