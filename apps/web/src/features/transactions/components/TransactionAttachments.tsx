import type { Attachment } from '@moneta/shared/attachment-schemas';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/Alert';
import { TrashIcon } from '@/components/ui/action-icons';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { ConfirmDeleteDialog } from '@/components/ui/ConfirmDeleteDialog';
import { ReceiptIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/Spinner';
import { errorMessage } from '@/lib/api-client';
import { useCanWrite } from '@/lib/households/use-can-write';
import type { LocaleFormat } from '@/lib/i18n/locale-format';
import { useFormat } from '@/lib/i18n/use-format';
import {
  fetchAttachmentFile,
  useAttachments,
  useDeleteAttachment,
  useUploadAttachment,
} from '../api/attachments';

const ACCEPTED = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

function formatSize(bytes: number, format: Pick<LocaleFormat, 'number'>): string {
  if (bytes < 1024) return `${format.number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${format.number(Math.round(bytes / 1024))} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${format.number(megabytes, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}

/** The file as an object URL while it is shown (fetched with the token), freed afterwards. */
function useFileUrl(attachment: Attachment) {
  const [url, setUrl] = useState<string | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let isCurrent = true;
    fetchAttachmentFile(attachment).then(
      (blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => {
        if (isCurrent) setHasFailed(true);
      },
    );
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment]);
  return { url, hasFailed };
}

function AttachmentPreview({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation('transactions');
  const { url, hasFailed } = useFileUrl(attachment);
  const isImage = attachment.mimeType !== 'application/pdf';
  const box =
    'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md border border-neutral-200 bg-neutral-50 dark:border-neutral-700 dark:bg-neutral-800';
  if (hasFailed) {
    return (
      <span
        className={`${box} text-xs text-red-700 dark:text-red-300`}
        role="img"
        aria-label={t('attachments.noPreview')}
      >
        !
      </span>
    );
  }
  if (!url) return <span className={`${box} animate-pulse`} aria-hidden="true" />;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className={`${box} focus-visible:outline-2 focus-visible:outline-sky-600`}
      aria-label={t('attachments.open', { name: attachment.fileName })}
    >
      {isImage ? (
        <img src={url} alt="" className="size-full object-cover" />
      ) : (
        <span className="flex flex-col items-center text-xs font-semibold text-red-700 dark:text-red-300">
          <ReceiptIcon aria-hidden="true" />
          PDF
        </span>
      )}
    </a>
  );
}

/**
 * The files a transaction holds, in its Details dialog: a preview of each (an image's thumbnail,
 * a PDF's icon), opened in a new tab; a JPG, PNG or PDF can be added with its upload progress,
 * and any can be deleted (a receipt's too, which deletes the receipt).
 */
export function TransactionAttachments({ transactionId }: { transactionId: string }) {
  const { t } = useTranslation('transactions');
  const format = useFormat();
  const attachments = useAttachments(transactionId);
  const upload = useUploadAttachment(transactionId);
  const remove = useDeleteAttachment(transactionId);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Attachment | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const inputId = useId();
  const canWrite = useCanWrite();

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    upload.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: (added) => toast.success(t('attachments.attached', { name: added.fileName })),
        onError: (failure) => setUploadError(errorMessage(failure, t('attachments.errors.attach'))),
        onSettled: () => setProgress(null),
      },
    );
  }

  const list = attachments.data ?? [];
  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 border-t border-neutral-200 pt-4 dark:border-neutral-800"
    >
      <h3 id={headingId} className="text-sm font-semibold text-neutral-800 dark:text-neutral-200">
        {t('attachments.title')}
      </h3>
      {attachments.isPending ? (
        <Spinner label={t('attachments.loading')} className="mt-3" />
      ) : attachments.isError ? (
        <Alert className="mt-3">
          {errorMessage(attachments.error, t('attachments.errors.load'))}
        </Alert>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-neutral-600 dark:text-neutral-400">
          {t('attachments.empty')}
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {list.map((attachment) => (
            <li key={attachment._id} className="flex items-center gap-3">
              <AttachmentPreview attachment={attachment} />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-neutral-900 dark:text-neutral-100">
                  {attachment.fileName}
                </p>
                <p className="flex flex-wrap items-center gap-2 text-xs text-neutral-600 dark:text-neutral-400">
                  {formatSize(attachment.sizeBytes, format)}
                  {attachment.isReceipt ? (
                    <Badge tone="sky">{t('attachments.receipt')}</Badge>
                  ) : null}
                </p>
              </div>
              {canWrite ? (
                <Button variant="ghost-danger" size="sm" onClick={() => setToDelete(attachment)}>
                  <TrashIcon />
                  <span className="sr-only">
                    {t('attachments.delete', { name: attachment.fileName })}
                  </span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {uploadError ? <Alert className="mt-3">{uploadError}</Alert> : null}
      {/* A viewer sees the files, and adds none. */}
      {canWrite ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={ACCEPTED}
            className="sr-only"
            onChange={onFileChosen}
            disabled={upload.isPending}
          />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => inputRef.current?.click()}
            disabled={upload.isPending}
          >
            {upload.isPending ? t('attachments.attaching') : t('attachments.attach')}
          </Button>
          <label htmlFor={inputId} className="text-xs text-neutral-600 dark:text-neutral-400">
            {t('attachments.types')}
          </label>
          {progress !== null ? (
            <progress
              value={Math.round(progress * 100)}
              max={100}
              aria-label={t('attachments.progress')}
              className="h-2 w-full sm:w-40"
            />
          ) : null}
        </div>
      ) : null}
      <ConfirmDeleteDialog
        item={toDelete}
        title={(attachment) => t('attachments.deleteDialog.title', { name: attachment.fileName })}
        description={(attachment) =>
          attachment.isReceipt
            ? t('attachments.deleteDialog.receipt')
            : t('attachments.deleteDialog.file')
        }
        onDelete={(attachment) => remove.mutateAsync(attachment)}
        onDeleted={(_, attachment) => {
          setToDelete(null);
          toast.success(t('attachments.deleted', { name: attachment.fileName }));
        }}
        onClose={() => setToDelete(null)}
        failureMessage={(error) => errorMessage(error, t('attachments.errors.delete'))}
        failureIn="dialog"
      />
    </section>
  );
}
