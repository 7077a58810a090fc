// What the rest of the server uses of receipt reading: ocr/ turns a file into printed lines,
// extract/ turns lines into an expense's fields, and the reader here chooses between them and
// the optional AI endpoint.
export { createReceiptReader } from './receipt-reader';
export type { ReceiptReader, ReceiptReaderOptions } from './receipt-reader';
export type { ReadingHints, ReceiptReading } from '../extract/receipt-reading';
export type { AiReaderOptions } from './ai-reader';
export type { MerchantCategory } from '../extract/guess-category';
export {
  ReceiptReadError,
  isReceiptReadError,
  type ReceiptReadFailure,
} from '../ocr/receipt-read-error';
