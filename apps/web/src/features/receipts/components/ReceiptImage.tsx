import { useState } from 'react';
import { ReceiptIcon } from '@/components/ui/icons';
import { PdfFileIcon } from './receipt-icons';

type ReceiptImageProps = {
  /** The picture's URL (a signed image URL or a local preview); null when there is none. */
  src: string | null;
  /** Chooses the stand-in icon when there is no picture. */
  isPdf: boolean;
  /** Empty when the picture only repeats text shown beside it. */
  alt: string;
  className: string;
};

/**
 * A receipt's picture — the image, or the server's rendering of a PDF's first page — or, when
 * there is none (a PDF chosen but not uploaded yet) or it cannot be shown, an icon.
 */
export function ReceiptImage({ src, isPdf, alt, className }: ReceiptImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (src === null || failedSrc === src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
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
