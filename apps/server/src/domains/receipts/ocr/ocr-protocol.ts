import type { ReceiptMimeType } from '@moneta/shared';
import type { ReceiptLine } from './receipt-lines';

/**
 * The recognizer a receipt is read with: PP-OCRv4's English one (Latin letters without accents),
 * or its Chinese one, whose 6,623 characters hold the kanji of Japanese receipts (合計, 年月日,
 * 税) and ¥ but no kana.
 */
export type OcrScript = 'latin' | 'cjk';

/** What the reader asks an OCR worker process to read. */
export interface OcrJob {
  mimeType: ReceiptMimeType;
  bytes: Uint8Array;
  /** Default 'latin'. */
  script?: OcrScript;
}

export interface OcrWorkerSettings {
  /** onnxruntime threads per inference. */
  threads: number;
  /** Long side of the image the OCR reads, in pixels. */
  maxImageSide: number;
  detectionMaxPixels: number;
}

export type OcrRequest = { id: number; job: OcrJob };

/** A worker's answer to one request. */
export type OcrAnswer =
  | {
      id: number;
      ok: true;
      source: 'ocr' | 'pdf-text';
      lines: ReceiptLine[];
      /** A PDF's page 1 as a PNG: the picture shown for the receipt. */
      pagePng?: Uint8Array;
    }
  | { id: number; ok: false; reason: 'unreadable' | 'too-large'; message: string };

/** The answer as sent, with the worker's resident memory after the receipt, in bytes. */
export type OcrResponse = OcrAnswer & { rss: number };
