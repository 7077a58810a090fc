import type { RestoreResult } from '@moneta/shared/export-schemas';
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { useDownloadExport } from '../api/export-data';
import { useRestoreExport } from '../api/restore-export';

const COUNT_LABELS: Array<[keyof RestoreResult['counts'], string]> = [
  ['accounts', 'accounts'],
  ['transactions', 'transactions'],
  ['transfers', 'transfers'],
  ['categories', 'categories'],
  ['budgets', 'budgets'],
  ['recurring', 'recurring transactions'],
  ['rules', 'rules'],
  ['rates', 'exchange rates'],
  ['receipts', 'receipts'],
];

function restoredSummary(result: RestoreResult): string {
  return COUNT_LABELS.map(([key, label]) => `${result.counts[key]} ${label}`).join(', ');
}

/** "Your data": everything of the user as one zip, and a zip restored into an empty account. */
export function YourData() {
  const download = useDownloadExport();
  const restore = useRestoreExport();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    restore.reset();
    setFile(chosen);
  }

  function cancel() {
    setFile(null);
    if (input.current) input.current.value = '';
  }

  function confirm() {
    if (!file) return;
    setProgress(0);
    restore.mutate(
      { file, onProgress: setProgress },
      {
        onSettled: () => cancel(),
      },
    );
  }

  const isSending = restore.isPending && progress < 1;
  return (
    <section
      aria-labelledby="your-data-heading"
      className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="your-data-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
        Your data
      </h2>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
        One zip with all your accounts, transactions, transfers, budgets, recurring transactions,
        rules and receipts, which another Moneta can restore.
      </p>
      <div className="mt-4 flex flex-col gap-4">
        <div>
          <Button
            variant="secondary"
            onClick={() => download.mutate()}
            disabled={download.isPending}
          >
            {download.isPending ? 'Preparing your data...' : 'Download all my data'}
          </Button>
          {download.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              The download failed: {download.error.message}
            </p>
          )}
        </div>
        <div>
          <label
            htmlFor="restore-file"
            className="block text-sm font-medium text-neutral-900 dark:text-white"
          >
            Restore from a Moneta export
          </label>
          <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
            Only into an account without transactions, such as a new one.
          </p>
          <input
            ref={input}
            id="restore-file"
            type="file"
            accept=".zip,application/zip"
            onChange={choose}
            disabled={restore.isPending}
            className="mt-2 block text-sm text-neutral-700 dark:text-neutral-300"
          />
          {restore.isPending && (
            <p role="status" className="mt-2 text-sm text-neutral-700 dark:text-neutral-300">
              {isSending
                ? `Sending the export... ${Math.round(progress * 100)}%`
                : 'Restoring your data...'}
            </p>
          )}
          {restore.isSuccess && (
            <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-300">
              Restored {restoredSummary(restore.data)}.
            </p>
          )}
          {restore.isError && (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              Nothing was restored: {restore.error.message}
            </p>
          )}
        </div>
      </div>
      <ConfirmDialog
        isOpen={file !== null && !restore.isPending}
        title="Restore this export?"
        description={`Everything in ${file?.name ?? 'the file'} will be added to this account. This can take a few minutes for a large export.`}
        confirmLabel="Restore"
        busyLabel="Restoring..."
        tone="primary"
        onConfirm={confirm}
        onCancel={cancel}
      />
    </section>
  );
}
