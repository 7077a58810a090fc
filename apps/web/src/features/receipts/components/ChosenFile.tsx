import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { formatFileSize, isPdfFile } from '../utils/receipt-file';
import { ReceiptImage } from './ReceiptImage';

const PREVIEW_SIZE = 'h-24 w-20';

/**
 * The chosen image, shown from a local object URL that lives exactly as long as the <img>
 * showing it (a ref with a cleanup, so no URL outlives its element, in Strict Mode too).
 */
function ImagePreview({ file }: { file: File }) {
  const { t } = useTranslation('receipts');
  const previewAlt = t('chosen.previewAlt');
  const [hasFailed, setHasFailed] = useState(false);
  const showFile = useCallback(
    (image: HTMLImageElement | null) => {
      if (!image) return;
      const url = URL.createObjectURL(file);
      image.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  // Not an image after all (a text file named .png): the server will say what it is.
  if (hasFailed)
    return <ReceiptImage src={null} isPdf={false} alt={previewAlt} className={PREVIEW_SIZE} />;
  return (
    <img
      ref={showFile}
      alt={previewAlt}
      onError={() => setHasFailed(true)}
      className={`${PREVIEW_SIZE} shrink-0 rounded-lg border border-neutral-200 bg-white object-contain dark:border-neutral-800`}
    />
  );
}

type ChosenFileProps = {
  file: File;
  isDisabled: boolean;
  onRemove: () => void;
};

/** The file about to be uploaded: a thumbnail (or a PDF icon), its name and size. */
export function ChosenFile({ file, isDisabled, onRemove }: ChosenFileProps) {
  const { t } = useTranslation('receipts');
  return (
    <div className="flex items-center gap-4 rounded-xl border border-neutral-200 bg-neutral-50 p-3 dark:border-neutral-800 dark:bg-neutral-950">
      {isPdfFile(file) ? (
        <ReceiptImage src={null} isPdf alt={t('chosen.previewAlt')} className={PREVIEW_SIZE} />
      ) : (
        <ImagePreview key={`${file.name}:${file.size}:${file.lastModified}`} file={file} />
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-neutral-900 dark:text-neutral-100">
          {file.name}
        </p>
        <p className="text-xs text-neutral-600 dark:text-neutral-400">
          {formatFileSize(file.size)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        onClick={onRemove}
        disabled={isDisabled}
        aria-label={t('chosen.removeFile', { name: file.name })}
      >
        {t('chosen.remove')}
      </Button>
    </div>
  );
}
