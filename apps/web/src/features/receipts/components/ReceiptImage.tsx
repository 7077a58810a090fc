import { useState } from 'react';
import { ReceiptIcon } from '@/components/ui/icons';
import { PdfFileIcon } from './receipt-icons';

type ReceiptImageProps = {
  /** The image's URL (a signed file URL or a local preview); null when there is none yet. */
  src: string | null;
  isPdf: boolean;
  /** Empty when the picture only repeats text shown beside it. */
  alt: string;
  className: string;
};

/**
 * A receipt's picture: the image itself, or an icon for a PDF (browsers cannot show a PDF in an
 * <img>) and for an image the browser cannot decode.
 */
export function ReceiptImage({ src, isPdf, alt, className }: ReceiptImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (isPdf || src === null || failedSrc === src) {
    return (
      <div
        {...(alt ? { role: 'img', 'aria-label': alt } : {})}
        className={`flex shrink-0 items-center justify-center rounded-lg border border-neutral-200 bg-neutral-50 text-neutral-500 dark:border-neutral-800 dark:bg-neutral-950 dark:text-neutral-400 ${className}`}
      >
        {isPdf ? <PdfFileIcon className="size-1/2 max-h-12 max-w-12" /> : <ReceiptIcon />}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailedSrc(src)}
      className={`shrink-0 rounded-lg border border-neutral-200 bg-white object-contain dark:border-neutral-800 ${className}`}
    />
  );
}
