export { createReceiptReader } from './receipt-reader';
export type { ReceiptMimeType, ReceiptReader, ReceiptReaderOptions } from './receipt-reader';
export type { ReadingHints, ReceiptReading } from '../extract/extract-fields';
export type { AiReaderOptions } from './ai-reader';
export type { MerchantCategory } from '../extract/guess-category';
export {
  ReceiptReadError,
  isReceiptReadError,
  type ReceiptReadFailure,
} from '../ocr/receipt-read-error';
