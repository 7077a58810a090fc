import type { Receipt } from '@moneta/shared/receipt-schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { textLinkClasses } from '@/components/ui/link-styles';
import { ReceiptImage } from './ReceiptImage';

type ReceiptPreviewProps = {
  receipt: Pick<Receipt, 'fileName' | 'mimeType' | 'fileUrl' | 'imageUrl'>;
  merchant: string;
};

/**
 * The receipt beside its reading, so a correction can be checked against the paper: the image
 * (a PDF's first page, as the server renders it), whole and readable on a phone, and a link to
 * the file itself — for a PDF, every page in the browser's own viewer rather than an embedded
 * frame a phone could not scroll.
 */
export function ReceiptPreview({ receipt, merchant }: ReceiptPreviewProps) {
  const { t } = useTranslation('receipts');
  const captionId = useId();
  const isPdf = receipt.mimeType === 'application/pdf';
  return (
    <figure
      aria-describedby={captionId}
      className="flex flex-col gap-2 rounded-lg bg-neutral-50 p-2 dark:bg-neutral-950"
    >
      <a
        href={receipt.fileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="block rounded-lg focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none"
      >
        <ReceiptImage
          src={receipt.imageUrl}
          isPdf={isPdf}
          alt={isPdf ? t('preview.pdfAlt', { merchant }) : t('preview.imageAlt', { merchant })}
          className="h-56 w-full sm:h-72"
        />
      </a>
      <figcaption
        id={captionId}
        className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-neutral-600 dark:text-neutral-400"
      >
        <span className="min-w-0 truncate">
          {isPdf ? t('preview.pdfCaption', { name: receipt.fileName }) : receipt.fileName}
        </span>
        <a
          href={receipt.fileUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${textLinkClasses} shrink-0 text-sm`}
        >
          {isPdf ? t('preview.openPdf') : t('preview.openFull')}
          <span className="sr-only"> {t('preview.newTab')}</span>
        </a>
      </figcaption>
    </figure>
  );
}
