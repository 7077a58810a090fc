import type { RestoreResult } from '@moneta/shared/export-schemas';
import type { TFunction } from 'i18next';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { errorMessage } from '@/lib/api-client';
import { useFormat } from '@/lib/i18n/use-format';
import { useCanWrite } from '@/lib/households/use-can-write';
import { useDownloadExport } from '../api/export-data';
import { useRestoreExport } from '../api/restore-export';

/** The restored counts, in this order; each is a plural message `yourData.counts.<key>`. */
const COUNT_KEYS: Array<keyof RestoreResult['counts']> = [
  'accounts',
  'transactions',
  'transfers',
  'categories',
  'budgets',
  'recurring',
  'rules',
  'rates',
  'receipts',
];

/** "3 accounts, 12 transactions, …": a list of counted nouns, its separator the language's own. */
function restoredSummary(result: RestoreResult, t: TFunction): string {
  return COUNT_KEYS.map((key) =>
    t(`settings:yourData.counts.${key}`, { count: result.counts[key] }),
  ).join(t('settings:yourData.listSeparator'));
}

/** "Your data": everything of the user as one zip, and a zip restored into an empty account. */
export function YourData() {
  const { t } = useTranslation('settings');
  const format = useFormat();
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
  // The whole export and a restore are an editor's (a viewer's are refused, 403).
  const canWrite = useCanWrite();
  return (
    <section
      aria-labelledby="your-data-heading"
      className="rounded-2xl border border-neutral-200 bg-white p-4 sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
    >
      <h2 id="your-data-heading" className="text-lg font-semibold text-neutral-900 dark:text-white">
        {t('yourData.title')}
      </h2>
      <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
        {t('yourData.description')}
      </p>
      {canWrite ? (
        <div className="mt-4 flex flex-col gap-4">
          <div>
            <Button
              variant="secondary"
              onClick={() => download.mutate()}
              disabled={download.isPending}
            >
              {download.isPending ? t('yourData.preparing') : t('yourData.download')}
            </Button>
            {download.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {t('yourData.downloadFailed', {
                  reason: errorMessage(download.error, download.error.message),
                })}
              </p>
            )}
          </div>
          <div>
            <label
              htmlFor="restore-file"
              className="block text-sm font-medium text-neutral-900 dark:text-white"
            >
              {t('yourData.restoreLabel')}
            </label>
            <p className="mt-1 text-sm text-neutral-600 dark:text-neutral-400">
              {t('yourData.restoreHint')}
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
                  ? t('yourData.sending', { percent: format.percent(progress) })
                  : t('yourData.restoring')}
              </p>
            )}
            {restore.isSuccess && (
              <p role="status" className="mt-2 text-sm text-green-700 dark:text-green-300">
                {t('yourData.restored', { summary: restoredSummary(restore.data, t) })}
              </p>
            )}
            {restore.isError && (
              <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
                {t('yourData.restoreFailed', {
                  reason: errorMessage(restore.error, restore.error.message),
                })}
              </p>
            )}
          </div>
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={file !== null && !restore.isPending}
        title={t('yourData.confirmTitle')}
        description={t('yourData.confirmDescription', {
          file: file?.name ?? t('yourData.theFile'),
        })}
        confirmLabel={t('yourData.restore')}
        busyLabel={t('yourData.restoringShort')}
        tone="primary"
        onConfirm={confirm}
        onCancel={cancel}
      />
    </section>
  );
}
