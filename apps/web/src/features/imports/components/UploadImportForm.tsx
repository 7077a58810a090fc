import { IMPORT_FILE_ACCEPT } from '@moneta/shared/import-constants';
import type { Import } from '@moneta/shared/import-schemas';
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountSelect } from '@/components/AccountSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { FileDropZone } from '@/components/ui/FileDropZone';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import type { LocaleFormat } from '@/lib/i18n/locale-format';
import { useUploadImport } from '../api/upload-import';

function formatFileSize(bytes: number, t: TFunction<'imports'>, format: LocaleFormat): string {
  if (bytes >= 1024 * 1024) {
    const size = format.number(bytes / (1024 * 1024), {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    return t('upload.fileSizeMb', { size });
  }
  return t('upload.fileSizeKb', { size: format.number(Math.max(1, Math.round(bytes / 1024))) });
}

/**
 * Step one: the bank file and the account it belongs to. The server reads the file (its format
 * decided from the bytes) and answers a preview; nothing is created yet.
 */
export function UploadImportForm({ onUploaded }: { onUploaded: (preview: Import) => void }) {
  const { t } = useTranslation('imports');
  const format = useFormat();
  const accounts = useAccounts();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState('');
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const isBusy = upload.isPending;

  // Until the user picks one, the account is the one last used (once the accounts are known).
  const chosenAccountId = accountId || (accounts.data ? initialAccountId(accounts.data) : '');

  function choose(next: File | null) {
    setFile(next);
    setError(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!file) {
      setError(t('upload.noFile'));
      return;
    }
    setError(null);
    setSent(0);
    upload.mutate(
      { file, accountId: chosenAccountId, onProgress: setSent },
      {
        onSuccess: (preview) => {
          choose(null);
          onUploaded(preview);
        },
        // 400 (empty), 413 (too large), 415 (not a bank file): the server says what is wrong.
        onError: (uploadError) => setError(errorMessage(uploadError, t('upload.failed'))),
      },
    );
  }

  const percent = Math.round(sent * 100);

  return (
    <form
      noValidate
      aria-label={t('upload.formLabel')}
      aria-busy={isBusy}
      onSubmit={submit}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <FileDropZone
        name="file"
        accept={IMPORT_FILE_ACCEPT}
        chooseLabel={t('upload.choose')}
        hint={t('upload.hint')}
        hasFile={file !== null}
        isDisabled={isBusy}
        isInvalid={error !== null}
        describedBy={error ? errorId : undefined}
        onFileChange={choose}
      />
      {file ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm dark:border-neutral-800 dark:bg-neutral-950">
          <span className="min-w-0 break-all">
            <span className="font-medium text-neutral-900 dark:text-white">{file.name}</span>{' '}
            <span className="text-neutral-600 dark:text-neutral-400">
              ({formatFileSize(file.size, t, format)})
            </span>
          </span>
          <Button variant="ghost" size="sm" disabled={isBusy} onClick={() => choose(null)}>
            {t('upload.remove')}
            <span className="sr-only"> {file.name}</span>
          </Button>
        </div>
      ) : null}
      <AccountSelect
        label={t('upload.account')}
        value={chosenAccountId}
        disabled={isBusy}
        onChange={(event) => setAccountId(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? t('upload.uploading') : t('upload.submit')}
      </Button>
      {isBusy ? (
        <div className="flex flex-col gap-1">
          <progress
            max={100}
            value={percent}
            aria-label={t('upload.progress')}
            className="h-2 w-full overflow-hidden rounded-full accent-emerald-600 [&::-webkit-progress-bar]:bg-neutral-200 [&::-webkit-progress-value]:bg-emerald-600 dark:[&::-webkit-progress-bar]:bg-neutral-800"
          />
        </div>
      ) : null}
      <p
        role="status"
        className={
          isBusy ? 'text-center text-sm text-neutral-600 dark:text-neutral-400' : 'sr-only'
        }
      >
        {isBusy
          ? percent < 100
            ? t('upload.uploadingPercent', { percent: format.percent(sent) })
            : t('upload.reading')
          : ''}
      </p>
      {error ? (
        <div id={errorId}>
          <Alert>{error}</Alert>
        </div>
      ) : null}
    </form>
  );
}
