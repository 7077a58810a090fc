import type { ReceiptMimeType } from '@moneta/shared';
import { extractFields } from '../extract/extract-fields';
import { checkReading, type ReadingHints, type ReceiptReading } from '../extract/receipt-reading';
import { createOcrPool } from '../ocr/ocr-pool';
import { checkImageSize } from '../ocr/prepare-image';
import { ReceiptReadError } from '../ocr/receipt-read-error';
import { readWithAi, type AiReaderOptions } from './ai-reader';

export interface ReceiptReaderOptions {
  /** OCR worker processes (default 1: each already uses `threadsPerWorker` cores). */
  workers?: number;
  /** onnxruntime threads per worker (default 2). */
  threadsPerWorker?: number;
  /** Receipts that may wait for a worker before 'busy' (default 8). */
  queueLimit?: number;
  /** Per-receipt time limit in ms (default 30 s): the worker is killed and replaced. */
  timeoutMs?: number;
  /** Long side of the image the OCR reads (default 1600 px). */
  maxImageSide?: number;
  /** Pixels fed to the text detector (default 0.9 megapixels). */
  detectionMaxPixels?: number;
  /**
   * A worker whose resident memory passes this many megabytes after a receipt is replaced by a
   * fresh one (default 850): a safety net against memory that receipts leave resident (measured:
   * replacing at 640 MB, after every PDF, cost a third more CPU on the world set).
   */
  workerRecycleMb?: number;
  /** Optional OpenAI-compatible vision endpoint, tried first for images; OCR is the fallback. */
  ai?: AiReaderOptions;
}

export interface ReceiptReader {
  /** Reads a receipt; throws ReceiptReadError ('unreadable' | 'too-large' | 'busy' | 'timeout'). */
  read(bytes: Buffer, mimeType: ReceiptMimeType, hints?: ReadingHints): Promise<ReceiptReading>;
  /** Process ids of the OCR workers running now. */
  workerPids(): number[];
  /** Stops the workers; reads still waiting fail with 'busy'. */
  close(): Promise<void>;
}

/**
 * The receipt reading pipeline's one entry point: bytes in, merchant/total/date/category out.
 * Images and PDFs are read by OCR worker processes started on first use; the optional AI
 * endpoint is tried first and any failure of it falls back to them.
 */
export function createReceiptReader(options: ReceiptReaderOptions = {}): ReceiptReader {
  const pool = createOcrPool({
    size: options.workers ?? 1,
    threads: options.threadsPerWorker ?? 2,
    queueLimit: options.queueLimit ?? 8,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxImageSide: options.maxImageSide ?? 1600,
    detectionMaxPixels: options.detectionMaxPixels ?? 900_000,
    recycleRssBytes: (options.workerRecycleMb ?? 850) * 1_000_000,
  });

  return {
    async read(bytes, mimeType, hints = {}) {
      if (mimeType === 'application/pdf') {
        if (!bytes.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
          throw new ReceiptReadError('unreadable', 'The file is not a PDF.');
        }
      } else {
        await checkImageSize(bytes);
        const found = options.ai && (await readWithAi(options.ai, bytes, mimeType));
        if (found) {
          const reading = checkReading(found, hints);
          // An answer without a usable total is no answer: OCR may still find one.
          if (reading.total !== null) return { ...reading, text: '', source: 'ai' };
        }
      }
      // A yen user's receipts are read with the recognizer that knows kanji (合計, 年月日) and ¥.
      const script = hints.currency === 'JPY' ? 'cjk' : 'latin';
      const result = await pool.run({ mimeType, bytes, script });
      const reading = extractFields(result.lines, hints, result.source);
      return result.pagePng ? { ...reading, pagePng: result.pagePng } : reading;
    },
    workerPids: () => pool.workerPids(),
    close: () => pool.close(),
  };
}
