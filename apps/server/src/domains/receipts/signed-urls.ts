import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a file URL works: long enough to show a page, short enough to be useless if leaked. */
export const FILE_URL_LIFETIME_SECONDS = 15 * 60;

/** What a URL shows: the uploaded file, or the receipt's picture (a PDF's page 1). */
export type ReceiptView = 'file' | 'image';

export interface FileUrlSigner {
  /** `/api/receipts/<id>/<view>?expires=…&signature=…`; handed only to the receipt's owner. */
  urlFor(receiptId: string, view: ReceiptView, now?: Date): string;
  /** True when the signature is ours for this receipt and view and has not expired. */
  verify(
    receiptId: string,
    view: ReceiptView,
    expires: number,
    signature: string,
    now?: Date,
  ): boolean;
}

/**
 * Signed, expiring file URLs, so that an <img src> can show a receipt without an
 * Authorization header. The key is derived from the token secret (never the secret itself).
 */
export function createFileUrlSigner(secret: string): FileUrlSigner {
  const key = createHmac('sha256', secret).update('moneta receipt file urls').digest();
  const sign = (receiptId: string, view: ReceiptView, expires: number) =>
    createHmac('sha256', key).update(`${view}:${receiptId}:${expires}`).digest('base64url');

  return {
    urlFor(receiptId, view, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + FILE_URL_LIFETIME_SECONDS;
      return `/api/receipts/${receiptId}/${view}?expires=${expires}&signature=${sign(receiptId, view, expires)}`;
    },
    verify(receiptId, view, expires, signature, now = new Date()) {
      if (!Number.isInteger(expires) || expires < Math.floor(now.getTime() / 1000)) return false;
      const expected = Buffer.from(sign(receiptId, view, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
