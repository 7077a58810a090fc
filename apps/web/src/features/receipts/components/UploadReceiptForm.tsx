import { RECEIPT_FILE_ACCEPT } from '@moneta/shared/receipt-schemas';
import { useId, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '@/components/AccountSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FileDropZone } from '@/components/ui/FileDropZone';
import { useIsCoarsePointer } from '@/hooks/use-coarse-pointer';
import { ChosenFile } from './ChosenFile';
import { UploadCloudIcon } from './receipt-icons';
import { TakePhotoButton } from './TakePhotoButton';

function ButtonSpinner() {
  return (
    <svg aria-hidden="true" className="size-4 animate-spin" viewBox="0 0 24 24" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}

type UploadReceiptFormProps = {
  file: File | null;
  accountId: string;
  error: string | null;
  isBusy: boolean;
  /** A receipt was uploaded: the form takes no other. */
  isDone: boolean;
  uploadButtonRef: Ref<HTMLButtonElement>;
  onFileChange: (file: File | null) => void;
  onAccountChange: (accountId: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
};

/** The file (picked, dropped or, on a phone, photographed), the account, and Upload. */
export function UploadReceiptForm({
  file,
  accountId,
  error,
  isBusy,
  isDone,
  uploadButtonRef,
  onFileChange,
  onAccountChange,
  onSubmit,
}: UploadReceiptFormProps) {
  const { t } = useTranslation('receipts');
  const isTouch = useIsCoarsePointer();
  const errorId = useId();
  return (
    <form
      noValidate
      aria-label={t('upload.formLabel')}
      aria-busy={isBusy}
      onSubmit={onSubmit}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <FileDropZone
        name="receipt"
        accept={RECEIPT_FILE_ACCEPT}
        chooseLabel={t('upload.choose')}
        hint={t('upload.types')}
        icon={<UploadCloudIcon className="size-10 text-emerald-700 dark:text-emerald-400" />}
        hasFile={file !== null}
        isDisabled={isBusy || isDone}
        isInvalid={error !== null}
        describedBy={error ? errorId : undefined}
        onFileChange={onFileChange}
      />
      {isTouch ? (
        <TakePhotoButton
          hasFile={file !== null}
          isDisabled={isBusy || isDone}
          describedBy={error ? errorId : undefined}
          onFileChange={onFileChange}
        />
      ) : null}
      {file ? (
        <ChosenFile file={file} isDisabled={isBusy} onRemove={() => onFileChange(null)} />
      ) : null}
      <AccountSelect
        label={t('upload.account')}
        name="accountId"
        value={accountId}
        disabled={isBusy || isDone}
        onChange={(event) => onAccountChange(event.target.value)}
      />
      <Button ref={uploadButtonRef} type="submit" size="lg" disabled={isBusy || isDone}>
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
  );
}
