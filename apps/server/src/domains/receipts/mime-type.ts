import type { ReceiptMimeType } from '@moneta/shared';

/**
 * The receipt's MIME type as its first bytes say, never as its name or the client's Content-Type
 * claims: a script renamed receipt.jpg is not a JPEG.
 */
export function detectMimeType(bytes: Buffer): ReceiptMimeType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return 'image/jpeg';
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}
