import { IMPORT_FILE_ACCEPT, type Import } from '@moneta/shared/import-schemas';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { AccountSelect } from '@/components/AccountSelect';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useAccounts } from '@/lib/accounts/get-accounts';
import { initialAccountId } from '@/lib/accounts/last-account';
import { errorMessage } from '@/lib/api-client';
import { useUploadImport } from '../api/upload-import';

const UPLOAD_FAILED = 'Failed to upload the file. Please try again.';

const hasFiles = (event: DragEvent | globalThis.DragEvent) =>
  Array.from(event.dataTransfer?.types ?? []).includes('Files');

function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Step one: the bank file and the account it belongs to. The server reads the file (its format
 * decided from the bytes) and answers a preview; nothing is created yet.
 */
export function UploadImportForm({ onUploaded }: { onUploaded: (preview: Import) => void }) {
  const accounts = useAccounts();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [accountId, setAccountId] = useState('');
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isDragOver, setIsDragOver] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const isBusy = upload.isPending;

  // Until the user picks one, the account is the one last used (once the accounts are known).
  const chosenAccountId = accountId || (accounts.data ? initialAccountId(accounts.data) : '');

  // A file dropped just beside the zone must not make the browser leave the app to open it.
  useEffect(() => {
    const keepPage = (event: globalThis.DragEvent) => {
      if (hasFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', keepPage);
    window.addEventListener('drop', keepPage);
    return () => {
      window.removeEventListener('dragover', keepPage);
      window.removeEventListener('drop', keepPage);
    };
  }, []);

  function choose(next: File | null) {
    setFile(next);
    setError(null);
    if (!next && inputRef.current) inputRef.current.value = '';
  }

  function onDragOver(event: DragEvent<HTMLLabelElement>) {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = isBusy ? 'none' : 'copy';
    if (!isBusy) setIsDragOver(true);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setIsDragOver(false);
    const dropped = event.dataTransfer.files[0];
    if (!isBusy && dropped) choose(dropped);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!file) {
      setError('Please choose a file to import.');
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
        onError: (uploadError) => setError(errorMessage(uploadError, UPLOAD_FAILED)),
      },
    );
  }

  const percent = Math.round(sent * 100);
  const tone = isDragOver
    ? 'border-emerald-600 bg-emerald-50 dark:border-emerald-400 dark:bg-emerald-950/40'
    : error
      ? 'border-red-400 bg-white dark:border-red-700 dark:bg-neutral-900'
      : 'border-neutral-300 bg-white hover:border-emerald-600 dark:border-neutral-700 dark:bg-neutral-900 dark:hover:border-emerald-500';

  return (
    <form
      noValidate
      aria-label="Upload a bank file"
      aria-busy={isBusy}
      onSubmit={submit}
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <label
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setIsDragOver(false)}
        onDrop={onDrop}
        data-drag-over={isDragOver || undefined}
        className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:ring-2 focus-within:ring-emerald-600 focus-within:ring-offset-2 dark:focus-within:ring-emerald-400 dark:focus-within:ring-offset-neutral-900 ${tone} ${
          isBusy ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'
        }`}
      >
        <span className="text-sm text-neutral-800 dark:text-neutral-200">
          <span className="font-semibold text-emerald-700 dark:text-emerald-400">
            Choose a bank file
          </span>{' '}
          or drop it here
        </span>
        <span className="text-xs text-neutral-600 dark:text-neutral-400">
          CSV, OFX/QFX, QIF or CAMT.053 (XML), as your bank exports it
        </span>
        <input
          ref={inputRef}
          type="file"
          name="file"
          accept={IMPORT_FILE_ACCEPT}
          disabled={isBusy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="sr-only"
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (picked) choose(picked);
          }}
        />
      </label>
      {file ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-neutral-200 bg-neutral-50 p-3 text-sm dark:border-neutral-800 dark:bg-neutral-950">
          <span className="min-w-0 break-all">
            <span className="font-medium text-neutral-900 dark:text-white">{file.name}</span>{' '}
            <span className="text-neutral-600 dark:text-neutral-400">
              ({formatFileSize(file.size)})
            </span>
          </span>
          <Button variant="ghost" size="sm" disabled={isBusy} onClick={() => choose(null)}>
            Remove<span className="sr-only"> {file.name}</span>
          </Button>
        </div>
      ) : null}
      <AccountSelect
        label="Into account"
        value={chosenAccountId}
        disabled={isBusy}
        onChange={(event) => setAccountId(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={isBusy}>
        {isBusy ? 'Uploading…' : 'Upload and preview'}
      </Button>
      {isBusy ? (
        <div className="flex flex-col gap-1">
          <progress
            max={100}
            value={percent}
            aria-label="Upload"
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
            ? `Uploading… ${percent}%`
            : 'Reading the file and looking for duplicates…'
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
